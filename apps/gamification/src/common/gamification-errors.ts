import { AppError, GamificationErrorCode } from '@lp/contracts';

/** Every error gamification answers with on purpose; its codes are declared in @lp/contracts (GamificationErrorCode). */
export const gamificationErrors = {
  /** every attempt at a free referral code collided (POST /referrals/generate): the caller may simply try again */
  referralCodeUnavailable: () =>
    new AppError(503, GamificationErrorCode.REFERRAL_CODE_UNAVAILABLE, 'A referral code could not be made just now; try again'),
} as const;
