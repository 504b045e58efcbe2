import { AppError, InstitutionErrorCode as C } from '@lp/contracts';
import type { TierMeasure } from './tier-measures.js';

const MEASURE_NAMES: Record<TierMeasure, string> = {
  students: 'students',
  faculty: 'faculty members',
  courses: 'courses',
  storage_gb: 'GB of storage',
  api_calls: 'API calls a month',
  subsidiaries: 'subsidiaries',
};

/** The tier routes' own refusals (codes in libs/contracts institution/errors.ts). */
export const tierErrors = {
  /** an unknown tier, or one no longer offered */
  notFound: () => AppError.notFound('Tier not found', C.TIER_NOT_FOUND),
  sameTier: () => AppError.rule(C.SAME_TIER, 'Your institution is already on this tier'),
  /** the tier belongs to the top institution: an admin of a subsidiary only cannot change it */
  topAdminRequired: () => AppError.forbidden('Only an admin of the top institution can change its tier', C.ADMIN_ACCESS_REQUIRED),
  /** billing asking about an upgrade that is not this payer's, or no longer waiting for a payment */
  upgradeNotFound: () => AppError.notFound('Upgrade not found', C.TIER_NOT_FOUND),
  limit: (measure: TierMeasure, limit: number, tierName: string) =>
    AppError.rule(
      C.TIER_LIMIT,
      `Your ${tierName} tier allows up to ${limit.toLocaleString('en-US')} ${MEASURE_NAMES[measure]}. Upgrade to add more.`,
    ),
} as const;
