import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code institution answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const InstitutionErrorCode = errorCodes(
  'NO_INSTITUTION',
  'INSTITUTION_NOT_FOUND',
  'SUBDOMAIN_TAKEN',
  'READONLY_ACCESS',
  'ADMIN_ACCESS_REQUIRED',
  'NOT_PENDING',
  'MEMBER_NOT_FOUND',
  'ALREADY_MEMBER',
  'USER_NOT_FOUND',
  'CANNOT_REMOVE_SELF',
  'PLAN_NOT_FOUND',
  'PARENT_LEVEL_MISMATCH',
  'PARENT_NOT_FOUND',
  'SUBSIDIARY_LIMIT',
  'TIER_LIMIT',
  'LEVEL_TOO_DEEP',
  'RESOURCE_NOT_FOUND',
  'IMPORT_NOT_FOUND',
  'CSV_INVALID',
  'COURSE_NOT_FOUND',
  'TIER_NOT_FOUND',
  'SAME_TIER',
  'API_KEY_NOT_FOUND',
  'API_KEY_REVOKED',
  'API_ACCESS_NOT_IN_TIER',
  'PORTAL_NOT_FOUND',
);
export type InstitutionErrorCode = ErrorCodeOf<typeof InstitutionErrorCode>;
