import type { EntityManager } from 'typeorm';
import { writeEvents } from '@lp/bus';
import { institutionEvents, type MemberType } from '@lp/contracts';

// raw-sql: institution has no repository layer yet (issue 25 item 2 moves the whole service onto one); these statements run in Tenancy's transaction, under its row-level security, as the rest of the service's do

interface Row {
  id: string;
  institution_id: string;
  institution_name: string;
  email: string;
  name: string | null;
  member_type: MemberType;
  create_account: boolean;
  invited_by_name: string | null;
  expires_at: Date;
  sending: number;
}

/**
 * institution.invitation.sent for invitations that have just reached their invitees (a
 * delivery or a re-sending): one statement reads them all, one writes their events, in the
 * transaction that delivered them (an add, a CSV batch, the verification of a held institution).
 */
export async function writeInvitationsSent(tx: EntityManager, invitationIds: readonly string[]): Promise<void> {
  if (!invitationIds.length) return;
  const rows = (await tx.query(
    `SELECT v.id, v.institution_id, i.name AS institution_name, v.email, v.name, v.member_type, v.create_account,
            u.name AS invited_by_name, v.expires_at, v.sending
       FROM invitations v JOIN institutions i ON i.id = v.institution_id LEFT JOIN users u ON u.id = v.invited_by
      WHERE v.id = ANY ($1::uuid[]) AND v.status = 'pending' ORDER BY v.id`,
    [invitationIds],
  )) as Row[];
  await writeEvents(
    tx,
    institutionEvents.invitationSent,
    rows.map((r) => ({
      v: 1 as const,
      invitation_id: r.id,
      institution_id: r.institution_id,
      institution_name: r.institution_name,
      email: r.email,
      name: r.name,
      member_type: r.member_type,
      create_account: r.create_account,
      invited_by_name: r.invited_by_name,
      expires_at: new Date(r.expires_at).toISOString(),
      sending: r.sending,
    })),
  );
}
