import { ReadModelUserEntity } from '@lp/service-kit';
import { ActivityDayEntity } from './activity-day.entity.js';
import { BadgeDefinitionEntity } from './badge-definition.entity.js';
import { UserBadgeEntity } from './user-badge.entity.js';
import { UserStatsEntity } from './user-stats.entity.js';
import { XpHeldReversalEntity } from './xp-held-reversal.entity.js';
import { XpLedgerEntity } from './xp-ledger.entity.js';
import { XpPeriodTotalEntity } from './xp-period-total.entity.js';
import { XpRuleEntity } from './xp-rule.entity.js';
import { InstitutionMemberEntity } from './institution-member.entity.js';
import { LeagueEntity, LeagueMemberEntity, LeagueWeekEntity } from './league.entity.js';
import { ReferralCodeEntity } from './referral-code.entity.js';
import { ReferralEntity } from './referral.entity.js';
import {
  NotificationDeliveryEntity,
  NotificationEntity,
  NotificationPreferenceEntity,
  NotificationReminderEntity,
  NotificationSwitchesEntity,
} from './notification.entity.js';
import { PushSubscriptionEntity } from './push-subscription.entity.js';
import { TelegramChatEntity } from './telegram-chat.entity.js';

/** Every table of gamification, the users read model's included: the one list (data-source.ts hands it on). */
export const gamificationEntities = [
  ReadModelUserEntity,
  XpRuleEntity,
  XpLedgerEntity,
  XpHeldReversalEntity,
  UserStatsEntity,
  ActivityDayEntity,
  BadgeDefinitionEntity,
  UserBadgeEntity,
  XpPeriodTotalEntity,
  InstitutionMemberEntity,
  LeagueWeekEntity,
  LeagueEntity,
  LeagueMemberEntity,
  ReferralCodeEntity,
  ReferralEntity,
  NotificationEntity,
  NotificationDeliveryEntity,
  NotificationPreferenceEntity,
  NotificationSwitchesEntity,
  NotificationReminderEntity,
  PushSubscriptionEntity,
  TelegramChatEntity,
];
