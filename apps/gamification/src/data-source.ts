import { gamificationEntities } from './entities/index.js';
import { Initial1795800450302 } from './migrations/1795800450302-initial.js';
import { Leaderboard1795800749446 } from './migrations/1795800749446-leaderboard.js';
import { XpLedger1795800850057 } from './migrations/1795800850057-xp-ledger.js';
import { XpRulesBadgesSeed1795800850058 } from './migrations/1795800850058-xp-rules-badges-seed.js';
import { Referrals1795800923484 } from './migrations/1795800923484-referrals.js';
import { Leagues1795800926745 } from './migrations/1795800926745-leagues.js';
import { HeldReversals1795801538080 } from './migrations/1795801538080-held-reversals.js';
import { Notifications1795853247004 } from './migrations/1795853247004-notifications.js';
import { PushSubscriptions1796160665263 } from './migrations/1796160665263-push-subscriptions.js';
import { NotificationReminders1796161353676 } from './migrations/1796161353676-notification-reminders.js';
import { StudyReminders1796163537585 } from './migrations/1796163537585-study-reminders.js';
import { TelegramChats1796163891732 } from './migrations/1796163891732-telegram-chats.js';
import { NotificationDigests1796186106736 } from './migrations/1796186106736-notification-digests.js';

/**
 * Gamification's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- gamification <Name>` appends to this list), and the
 * service test fails when the two differ.
 */
export const entities = gamificationEntities;
export const migrations = [
  Initial1795800450302,
  Leaderboard1795800749446,
  XpLedger1795800850057,
  XpRulesBadgesSeed1795800850058,
  Referrals1795800923484,
  Leagues1795800926745,
  HeldReversals1795801538080,
  Notifications1795853247004,
  PushSubscriptions1796160665263,
  NotificationReminders1796161353676,
  StudyReminders1796163537585,
  TelegramChats1796163891732,
  NotificationDigests1796186106736,
];
