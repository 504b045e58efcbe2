import { AppError, InstitutionErrorCode as C } from '@lp/contracts';

/** The bulk import routes' own refusals (codes in libs/contracts institution/errors.ts). */
export const bulkErrors = {
  /** also another institution's import id: nothing about it leaks */
  importNotFound: () => AppError.notFound('Import not found', C.IMPORT_NOT_FOUND),
  courseNotFound: () => AppError.notFound("Course not found among the institution's courses", C.COURSE_NOT_FOUND),
  csvInvalid: (why: string) => AppError.rule(C.CSV_INVALID, why),
} as const;
