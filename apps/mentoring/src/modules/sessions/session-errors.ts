import { AppError, MentoringErrorCode } from '@lp/contracts';

/** Every error of booking and the session lifecycle; codes from @lp/contracts (MentoringErrorCode). */
export const sessionErrors = {
  notAccepting: () => AppError.rule(MentoringErrorCode.NOT_ACCEPTING_BOOKINGS, 'This mentor is not taking bookings at the moment'),
  outside: () =>
    AppError.rule(MentoringErrorCode.OUTSIDE_AVAILABILITY, 'The mentor is not available at that time: choose one of the free times'),
  tooSoon: () => AppError.rule(MentoringErrorCode.TOO_SOON, 'Choose a time at least an hour from now and within the next 90 days'),
  mentorTaken: () => AppError.conflict(MentoringErrorCode.SLOT_TAKEN, 'This time was just booked by someone else: choose another'),
  menteeBusy: () => AppError.conflict(MentoringErrorCode.SLOT_TAKEN, 'You already have a session at that time'),
  notFound: () => AppError.notFound('Session not found', MentoringErrorCode.SESSION_NOT_FOUND),
  notCancellable: (why: string) => AppError.rule(MentoringErrorCode.SESSION_NOT_CANCELLABLE, why),
  notRatable: (why: string) => AppError.rule(MentoringErrorCode.SESSION_NOT_RATABLE, why),
  notStarted: () => AppError.rule(MentoringErrorCode.NOT_YET_STARTED, 'A session can be marked as a no-show only once it has started'),
} as const;
