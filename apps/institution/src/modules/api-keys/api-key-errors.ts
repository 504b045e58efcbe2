import { AppError, InstitutionErrorCode as C } from '@lp/contracts';

/** The API-key routes' own refusals (codes in libs/contracts institution/errors.ts). */
export const apiKeyErrors = {
  /** also another institution's key id: nothing about it leaks */
  notFound: () => AppError.notFound('API key not found', C.API_KEY_NOT_FOUND),
  alreadyRevoked: () => AppError.conflict(C.API_KEY_REVOKED, 'This API key is already revoked'),
  notInTier: () => AppError.forbidden('Your plan does not include API access. Upgrade to make API keys.', C.API_ACCESS_NOT_IN_TIER),
} as const;
