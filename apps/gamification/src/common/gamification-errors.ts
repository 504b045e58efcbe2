import { AppError, GamificationErrorCode } from '@lp/contracts';

/** Every error gamification answers with on purpose; its codes are declared in @lp/contracts (GamificationErrorCode). */
export const gamificationErrors = {
  /** every attempt at a free referral code collided (POST /referrals/generate): the caller may simply try again */
  referralCodeUnavailable: () =>
    new AppError(503, GamificationErrorCode.REFERRAL_CODE_UNAVAILABLE, 'A referral code could not be made just now; try again'),
  /** the notification is not the caller's, or was deleted */
  notificationNotFound: () => new AppError(404, GamificationErrorCode.NOTIFICATION_NOT_FOUND, 'Notification not found'),
  /** the server has no VAPID keys (outside production only: production refuses to boot without them) */
  pushUnavailable: () =>
    new AppError(503, GamificationErrorCode.PUSH_UNAVAILABLE, 'Browser notifications are not available on this server'),
  /** an unsubscribe link altered, cut short or signed with another secret */
  invalidUnsubscribeLink: () =>
    new AppError(
      400,
      GamificationErrorCode.INVALID_UNSUBSCRIBE_LINK,
      'This unsubscribe link is not valid. You can turn e-mails off in your account settings.',
    ),
} as const;
