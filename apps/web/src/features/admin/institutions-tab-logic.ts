import { VERIFICATION_STATUSES, type Institution, type VerificationStatus } from '@lp/contracts';

/** The status filter's choices: every institution, or one status. */
export const STATUS_FILTERS = ['all', ...VERIFICATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function statusFilterOf(value: string): StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(value) ? (value as StatusFilter) : 'all';
}

/** GET /admin/institutions's query for a filter: none asks for every institution. */
export function listQuery(filter: StatusFilter): { status?: VerificationStatus } {
  return filter === 'all' ? {} : { status: filter };
}

/** Spec 3: approve and reject are offered only on pending institutions. */
export function canDecide(institution: Pick<Institution, 'verification_status'>): boolean {
  return institution.verification_status === 'pending';
}

/** Spec 3: verified and rejected institutions show the date of that decision (pending shows none). */
export function decisionDate(institution: Pick<Institution, 'verification_status' | 'verified_at'>): string | null {
  return institution.verification_status === 'pending' ? null : institution.verified_at;
}

export function statusTone(status: VerificationStatus): 'success' | 'warning' | 'danger' {
  return status === 'verified' ? 'success' : status === 'pending' ? 'warning' : 'danger';
}

export type Decision = 'verified' | 'rejected';
