import { institutionEvents, type EventPayload, type MemberType } from '@lp/contracts';

/** What institution.invitation.sent says about an invitation (InvitationsRepository.sentRows). */
export interface InvitationSentRow {
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

export const invitationSentPayload = (r: InvitationSentRow): EventPayload<typeof institutionEvents.invitationSent> => ({
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
});
