import { AppError, MentoringErrorCode } from '@lp/contracts';

/** Every error mentoring answers with on purpose; codes from @lp/contracts (MentoringErrorCode). */
export const mentoringErrors = {
  mentorNotFound: () => AppError.notFound('Mentor not found', MentoringErrorCode.MENTOR_NOT_FOUND),
  slotsOverlap: (detail: string) => AppError.rule(MentoringErrorCode.SLOTS_OVERLAP, detail),
  timeOffNotFound: () => AppError.notFound('Time off not found', MentoringErrorCode.TIME_OFF_NOT_FOUND),
} as const;
