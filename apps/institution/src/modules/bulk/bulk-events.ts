import type { EntityManager } from 'typeorm';
import { currentRequestId, queryRows } from '@lp/service-kit';
import { institutionEvents, type AccessLevel, type MemberType, type PortalRole } from '@lp/contracts';

interface Row {
  id: string;
  institution_id: string;
  user_id: string;
  member_type: MemberType;
  portal_role: PortalRole;
  access_level: AccessLevel;
  permissions: string[];
  is_suspended: boolean;
  institution_name: string;
  subdomain: string;
}

/**
 * institution.member.added for the members a batch made: the same events as
 * members/member-events.ts writes one by one, checked against the same schema, written to the
 * outbox in one statement (500 single inserts were most of a batch's time).
 */
export async function writeMembersAddedInBulk(tx: EntityManager, memberIds: readonly string[]): Promise<void> {
  if (!memberIds.length) return;
  const rows = await queryRows<Row>(
    tx,
    `SELECT m.id, m.institution_id, m.user_id, m.member_type, m.portal_role, m.access_level, m.permissions, m.is_suspended,
            i.name AS institution_name, i.subdomain
       FROM members m JOIN institutions i ON i.id = m.institution_id WHERE m.id = ANY ($1::uuid[]) ORDER BY m.id`,
    [memberIds],
  );
  const now = new Date().toISOString();
  const payloads = rows.map((r) =>
    institutionEvents.memberAdded.schema.parse({
      v: 1,
      member_id: r.id,
      institution_id: r.institution_id,
      institution_name: r.institution_name,
      subdomain: r.subdomain,
      user_id: r.user_id,
      member_type: r.member_type,
      portal_role: r.portal_role,
      access_level: r.access_level,
      permissions: r.permissions,
      is_suspended: r.is_suspended,
      changed_at: now,
    }),
  );
  await tx.query(
    `INSERT INTO outbox (id, name, payload, request_id)
     SELECT gen_random_uuid(), $1, p.value, $3 FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS p(value, n) ORDER BY p.n`,
    [institutionEvents.memberAdded.name, JSON.stringify(payloads), currentRequestId() ?? null],
  );
}
