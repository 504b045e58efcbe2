import {
  GamificationErrorCode,
  AssessmentErrorCode,
  BillingErrorCode,
  CatalogErrorCode,
  CommonErrorCode,
  CommunityErrorCode,
  IdentityErrorCode,
  InstitutionErrorCode,
  MentoringErrorCode,
} from '@lp/contracts';

/** Every code declared in @lp/contracts (the platform's and each service's); each has a text under `errors.code.<CODE>`. */
export const DECLARED_ERROR_CODES = [
  ...Object.values(GamificationErrorCode),
  ...Object.values(CommonErrorCode),
  ...Object.values(IdentityErrorCode),
  ...Object.values(CatalogErrorCode),
  ...Object.values(AssessmentErrorCode),
  ...Object.values(BillingErrorCode),
  ...Object.values(CommunityErrorCode),
  ...Object.values(MentoringErrorCode),
  ...Object.values(InstitutionErrorCode),
];
export type DeclaredErrorCode = (typeof DECLARED_ERROR_CODES)[number];
