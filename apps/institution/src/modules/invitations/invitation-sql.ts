import type { EntityManager } from 'typeorm';
import { INSTITUTION_INVITATION_TTL_DAYS, type AccessLevel, type MemberType, type PortalRole } from '@lp/contracts';
import { queryRows } from '@lp/service-kit';
import { writeInvitationsSent } from './invitation-events.js';

export interface NewInvitation {
  email: string;
  name: string | null;
  memberType: MemberType;
  portalRole: PortalRole;
  accessLevel?: AccessLevel;
  permissions?: string[];
  createAccount: boolean;
  notes?: string | null;
  courseId?: string | null;
  importId?: string | null;
}

/** a re-invitation sends the e-mail again only when the last one is older than this: an admin cannot flood an inbox */
export const RESEND_AFTER_HOURS = 24;

/**
 * Invites people to one institution, set-based (one statement for the invitations, one for
 * their events): a verified institution's invitations are delivered at once, an unverified
 * one's are held (nothing leaves the service). An open invitation of the same e-mail is
 * renewed instead (what it grants is the latest, its time starts again, a held one stays
 * held), and e-mailed again at most once every RESEND_AFTER_HOURS. People who are already
 * members (by their account's e-mail in the users read model) are left out. Answers nothing
 * the caller could tell an account's existence from.
 */
export async function invite(
  tx: EntityManager,
  institutionId: string,
  invitedBy: string | null,
  people: readonly NewInvitation[],
): Promise<void> {
  if (!people.length) return;
  const [inst] = await queryRows<{ verified: boolean }>(
    tx,
    `SELECT verification_status = 'verified' AS verified FROM institutions WHERE id = $1`,
    [institutionId],
  );
  const deliver = inst?.verified === true;
  const rows = JSON.stringify(
    people.map((p) => ({
      email: p.email.toLowerCase(),
      name: p.name,
      member_type: p.memberType,
      portal_role: p.portalRole,
      access_level: p.accessLevel ?? 'standard',
      permissions: p.permissions ?? [],
      create_account: p.createAccount,
      notes: p.notes ?? null,
      course_id: p.courseId ?? null,
      import_id: p.importId ?? null,
    })),
  );
  const written = await queryRows<{ id: string; status: string; fresh: boolean | null }>(
    tx,
    `WITH wanted AS (
       SELECT DISTINCT ON (r.email) r.* FROM jsonb_to_recordset($1::jsonb)
           AS r(email text, name text, member_type text, portal_role text, access_level text, permissions jsonb, create_account boolean, notes text, course_id uuid, import_id uuid)
        WHERE NOT EXISTS (SELECT 1 FROM members m JOIN users u ON u.id = m.user_id WHERE m.institution_id = $2 AND lower(u.email) = r.email)
        ORDER BY r.email)
     INSERT INTO invitations AS v (id, institution_id, email, name, member_type, portal_role, access_level, permissions, create_account, notes, course_id, import_id,
                                   invited_by, status, sending, delivered_at, expires_at)
     SELECT gen_random_uuid(), $2, w.email, w.name, w.member_type, w.portal_role, w.access_level, w.permissions, w.create_account, w.notes, w.course_id, w.import_id,
            $3, CASE WHEN $4 THEN 'pending' ELSE 'held' END, CASE WHEN $4 THEN 1 ELSE 0 END,
            CASE WHEN $4 THEN now() END, CASE WHEN $4 THEN now() + make_interval(days => $5) END
       FROM wanted w ORDER BY w.email
     ON CONFLICT (institution_id, email) WHERE status IN ('held', 'pending') DO UPDATE SET
       name = coalesce(EXCLUDED.name, v.name), member_type = EXCLUDED.member_type, portal_role = EXCLUDED.portal_role,
       access_level = EXCLUDED.access_level, permissions = EXCLUDED.permissions, create_account = v.create_account OR EXCLUDED.create_account,
       notes = coalesce(EXCLUDED.notes, v.notes), course_id = coalesce(EXCLUDED.course_id, v.course_id), invited_by = EXCLUDED.invited_by,
       expires_at = CASE WHEN v.status = 'pending' THEN now() + make_interval(days => $5) END,
       sending = v.sending + CASE WHEN v.status = 'pending' AND v.delivered_at < now() - make_interval(hours => $6) THEN 1 ELSE 0 END,
       delivered_at = CASE WHEN v.status = 'pending' AND v.delivered_at < now() - make_interval(hours => $6) THEN now() ELSE v.delivered_at END,
       updated_at = now()
     RETURNING v.id, v.status, v.delivered_at = now() AS fresh`,
    [rows, institutionId, invitedBy, deliver, INSTITUTION_INVITATION_TTL_DAYS, RESEND_AFTER_HOURS],
  );
  // delivered now: new ones of a verified institution, and renewals due another e-mail
  await writeInvitationsSent(
    tx,
    written.filter((w) => w.status === 'pending' && w.fresh === true).map((w) => w.id),
  );
}

/**
 * The verification of an institution (and of the drafts below it) delivers what it held: every
 * held invitation becomes pending with its time starting now, and its event goes out with the
 * verification's own (the same transaction's outbox). A rejection withdraws them instead.
 */
export async function releaseHeld(tx: EntityManager, institutionIds: readonly string[], verified: boolean): Promise<number> {
  if (!institutionIds.length) return 0;
  if (!verified) {
    const gone = await queryRows<{ id: string }>(
      tx,
      `UPDATE invitations SET status = 'revoked', responded_at = now(), updated_at = now() WHERE institution_id = ANY ($1::uuid[]) AND status = 'held' RETURNING id`,
      [institutionIds],
    );
    return gone.length;
  }
  const released = await queryRows<{ id: string }>(
    tx,
    `UPDATE invitations SET status = 'pending', sending = sending + 1, delivered_at = now(), expires_at = now() + make_interval(days => $2), updated_at = now()
      WHERE institution_id = ANY ($1::uuid[]) AND status = 'held' RETURNING id`,
    [institutionIds, INSTITUTION_INVITATION_TTL_DAYS],
  );
  await writeInvitationsSent(
    tx,
    released.map((r) => r.id),
  );
  return released.length;
}
