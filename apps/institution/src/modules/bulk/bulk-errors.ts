import { AppError, BULK_IMPORT_FILE_MAX_BYTES, CommonErrorCode, InstitutionErrorCode as C } from '@lp/contracts';

const MB = 1024 * 1024;

/** The bulk import routes' own refusals (codes in libs/contracts institution/errors.ts). */
export const bulkErrors = {
  /** also another institution's import id: nothing about it leaks */
  importNotFound: () => AppError.notFound('Import not found', C.IMPORT_NOT_FOUND),
  courseNotFound: () => AppError.notFound("Course not found among the institution's courses", C.COURSE_NOT_FOUND),
  csvInvalid: (why: string) => AppError.rule(C.CSV_INVALID, why),
  /** an uploaded file beyond BULK_IMPORT_FILE_MAX_BYTES (measured on the stored file), as catalog answers an upload too large */
  fileTooLarge: () =>
    new AppError(413, CommonErrorCode.FILE_TOO_LARGE, `CSV files can be at most ${Math.round(BULK_IMPORT_FILE_MAX_BYTES / MB)} MB`, [
      { path: 'file', message: 'File too large' },
    ]),
  uploadMissing: () =>
    AppError.validation([{ path: 'file', message: 'The uploaded file is missing; upload it again' }], 'The uploaded file is missing'),
} as const;
