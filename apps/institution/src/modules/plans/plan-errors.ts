import { AppError, InstitutionErrorCode as C } from '@lp/contracts';

/** The sub-leasing plan routes' own refusals (codes in libs/contracts institution/errors.ts). */
export const planErrors = {
  /** also another institution's plan id: nothing about it leaks */
  notFound: () => AppError.notFound('Plan not found', C.PLAN_NOT_FOUND),
} as const;
