import { AppError, InstitutionErrorCode as C } from '@lp/contracts';

/** Every error institution answers with on purpose; codes from @lp/contracts (InstitutionErrorCode). */
export const institutionErrors = {
  noInstitution: () => AppError.notFound('No institution', C.NO_INSTITUTION),
  /** also the answer for another tenant's id: the caller learns nothing about it */
  notFound: () => AppError.notFound('Institution not found', C.INSTITUTION_NOT_FOUND),
  subdomainTaken: (name: string) =>
    AppError.conflict(C.SUBDOMAIN_TAKEN, 'This subdomain is already taken', [{ path: 'subdomain', message: `Taken by ${name}` }]),
  readonly: () => AppError.forbidden('Your access to this institution is read-only', C.READONLY_ACCESS),
  adminRequired: () => AppError.forbidden('Only an institution admin can do this', C.ADMIN_ACCESS_REQUIRED),
  notPending: () => AppError.rule(C.NOT_PENDING, 'Only a pending institution can be verified or rejected'),
  memberNotFound: () => AppError.notFound('Member not found', C.MEMBER_NOT_FOUND),
  alreadyMember: () => AppError.conflict(C.ALREADY_MEMBER, 'This person is already a member'),
  /** also the answer for someone else's invitation: an invitation is only ever its invitee's */
  invitationNotFound: () => AppError.notFound('Invitation not found, or no longer open', C.INVITATION_NOT_FOUND),
  lastAdmin: () => AppError.rule(C.LAST_ADMIN, 'You are the last admin of this institution: make someone else an admin before you leave'),
  notVerified: () =>
    AppError.rule(
      C.NOT_VERIFIED,
      'This can be done once the institution is verified; invite people one by one meanwhile (the invitations go out on verification)',
    ),
  cannotRemoveSelf: () => AppError.rule(C.CANNOT_REMOVE_SELF, 'You cannot remove or suspend yourself'),
  portalNotFound: () => AppError.notFound('Portal not found', C.PORTAL_NOT_FOUND),
} as const;
