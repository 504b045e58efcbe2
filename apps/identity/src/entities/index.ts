import { ComingSoonSubscriptionEntity } from './coming-soon-subscription.entity.js';
import { CourseStatEntity } from './course-stat.entity.js';
import { OtpCodeEntity } from './otp-code.entity.js';
import { PlatformStatEntity } from './platform-stat.entity.js';
import { PortalMemberVersionEntity, PortalMembershipEntity } from './portal-membership.entity.js';
import { RefreshTokenEntity } from './refresh-token.entity.js';
import { SessionEntity } from './session.entity.js';
import { TelegramLinkCodeEntity } from './telegram-link-code.entity.js';
import { TelegramLinkEntity } from './telegram-link.entity.js';
import { UserEntity } from './user.entity.js';
import { PasswordResetTokenEntity } from '../modules/password-reset/password-reset-token.entity.js';

export const identityEntities = [
  UserEntity,
  SessionEntity,
  RefreshTokenEntity,
  OtpCodeEntity,
  TelegramLinkEntity,
  TelegramLinkCodeEntity,
  ComingSoonSubscriptionEntity,
  PortalMembershipEntity,
  PortalMemberVersionEntity,
  CourseStatEntity,
  PlatformStatEntity,
  PasswordResetTokenEntity,
];
