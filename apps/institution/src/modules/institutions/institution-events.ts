import type { EntityManager } from 'typeorm';
import { writeEvent } from '@lp/bus';
import { institutionEvents, type EventPayload, type LevelType, type VerificationStatus } from '@lp/contracts';

interface EventRow {
  id: string;
  name: string;
  subdomain: string;
  parent_id: string | null;
  path_ids: string[];
  level_type: LevelType;
  verification_status: VerificationStatus;
}

/** The fields every institution event carries, read from the row as it is in this transaction. */
export async function institutionEventFields(tx: EntityManager, id: string) {
  const [r] = (await tx.query(
    `SELECT id, name, subdomain, parent_id, path_ids, level_type, verification_status FROM institutions WHERE id = $1`,
    [id],
  )) as EventRow[];
  if (!r) throw new Error(`institution ${id} not visible to its own transaction`);
  return {
    v: 1 as const,
    institution_id: r.id,
    name: r.name,
    subdomain: r.subdomain,
    parent_institution_id: r.parent_id,
    path_ids: r.path_ids,
    level_type: r.level_type,
    verification_status: r.verification_status,
  };
}

export async function writeInstitutionUpdated(tx: EntityManager, id: string): Promise<void> {
  const fields = await institutionEventFields(tx, id);
  const payload: EventPayload<typeof institutionEvents.updated> = { ...fields, updated_at: new Date().toISOString() };
  await writeEvent(tx, institutionEvents.updated, payload);
}
