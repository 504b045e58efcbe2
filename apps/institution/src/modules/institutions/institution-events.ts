import type { EntityManager } from 'typeorm';
import { writeEvent } from '@lp/bus';
import { institutionEvents, type EventPayload } from '@lp/contracts';
import type { InstitutionEntity } from '../../entities/institution.entity.js';
import type { InstitutionsRepository } from './institutions.repository.js';

/** The fields every institution event carries, from the row as it is in this transaction. */
export function eventFieldsOf(
  r: Pick<InstitutionEntity, 'id' | 'name' | 'subdomain' | 'parentId' | 'pathIds' | 'levelType' | 'verificationStatus'>,
) {
  return {
    v: 1 as const,
    institution_id: r.id,
    name: r.name,
    subdomain: r.subdomain,
    parent_institution_id: r.parentId,
    path_ids: r.pathIds,
    level_type: r.levelType,
    verification_status: r.verificationStatus,
  };
}

export async function institutionEventFields(repo: InstitutionsRepository, tx: EntityManager, id: string) {
  const r = await repo.find(tx, id);
  if (!r) throw new Error(`institution ${id} not visible to its own transaction`);
  return eventFieldsOf(r);
}

export async function writeInstitutionUpdated(repo: InstitutionsRepository, tx: EntityManager, id: string): Promise<void> {
  const fields = await institutionEventFields(repo, tx, id);
  const payload: EventPayload<typeof institutionEvents.updated> = { ...fields, updated_at: new Date().toISOString() };
  await writeEvent(tx, institutionEvents.updated, payload);
}
