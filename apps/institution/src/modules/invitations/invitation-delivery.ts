import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { writeEvents } from '@lp/bus';
import { INSTITUTION_INVITATION_TTL_DAYS, institutionEvents, type AccessLevel, type MemberType, type PortalRole } from '@lp/contracts';
import { InstitutionsRepository } from '../institutions/institutions.repository.js';
import { InvitationsRepository, type InvitationInput } from './invitations.repository.js';
import { invitationSentPayload } from './invitation-events.js';

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

/** An invitation as the upsert writes it: the e-mail in lower case, the grant's defaults filled in. */
export const invitationInput = (p: NewInvitation): InvitationInput => ({
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
});

/** The written invitations whose e-mail goes out now: new ones of a verified institution, and renewals due another e-mail. */
export const deliveredNow = (written: readonly { id: string; status: string; fresh: boolean | null }[]): string[] =>
  written.filter((w) => w.status === 'pending' && w.fresh === true).map((w) => w.id);

/**
 * Inviting and delivering: what every area that invites shares (adding a member, a portal
 * grant, a CSV import, the verification that releases what was held).
 */
@Injectable()
export class InvitationDelivery {
  constructor(
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
  ) {}

  /**
   * Invites people to one institution, set-based (one statement for the invitations, one for
   * their events): a verified institution's invitations are delivered at once, an unverified
   * one's are held (nothing leaves the service). An open invitation of the same e-mail is
   * renewed instead (what it grants is the latest, its time starts again, a held one stays
   * held), and e-mailed again at most once every RESEND_AFTER_HOURS. People who are already
   * members (by their account's e-mail in the users read model) are left out. Answers nothing
   * the caller could tell an account's existence from.
   */
  async invite(tx: EntityManager, institutionId: string, invitedBy: string | null, people: readonly NewInvitation[]): Promise<void> {
    if (!people.length) return;
    const inst = await this.institutions.find(tx, institutionId);
    const deliver = inst?.verificationStatus === 'verified';
    const written = await this.invitations.upsert(
      tx,
      institutionId,
      invitedBy,
      deliver,
      people.map(invitationInput),
      INSTITUTION_INVITATION_TTL_DAYS,
      RESEND_AFTER_HOURS,
    );
    await this.sent(tx, deliveredNow(written));
  }

  /**
   * The verification of an institution (and of the drafts below it) delivers what it held: every
   * held invitation becomes pending with its time starting now, and its event goes out with the
   * verification's own (the same transaction's outbox). A rejection withdraws them instead.
   */
  async releaseHeld(tx: EntityManager, institutionIds: readonly string[], verified: boolean): Promise<number> {
    if (!institutionIds.length) return 0;
    if (!verified) return this.invitations.revokeHeld(tx, institutionIds);
    const released = await this.invitations.releaseHeld(tx, institutionIds, INSTITUTION_INVITATION_TTL_DAYS);
    await this.sent(tx, released);
    return released.length;
  }

  /**
   * institution.invitation.sent for invitations that have just reached their invitees (a
   * delivery or a re-sending): one statement reads them all, one writes their events, in the
   * transaction that delivered them.
   */
  private async sent(tx: EntityManager, invitationIds: readonly string[]): Promise<void> {
    if (!invitationIds.length) return;
    const rows = await this.invitations.sentRows(tx, invitationIds);
    await writeEvents(tx, institutionEvents.invitationSent, rows.map(invitationSentPayload));
  }
}
