import {
  gamificationRoutes,
  NOTIFICATION_TYPES,
  type NotificationType,
  type OutboundChannel,
  type RouteOutput,
  type User,
} from '@lp/contracts';
import { aUser } from '../../testing/users';

/** Tests only: the shapes the account settings screen reads, as the services answer them. */

export const learner: User = aUser();

export type Preferences = RouteOutput<typeof gamificationRoutes.notificationPreferences>;

/**
 * GET /notifications/preferences as the service answers it: every type with the channels it
 * declares, each on unless `off` names it; `switch_on` says whether the account's e-mail switch is on.
 */
export function preferences(emailOn = true, off: Partial<Record<NotificationType, OutboundChannel[]>> = {}): Preferences {
  return {
    preferences: Object.values(NOTIFICATION_TYPES).map((def) => ({
      type: def.type,
      category: def.category,
      channels: [...def.channels],
      enabled: Object.fromEntries(def.channels.map((c) => [c, c === 'in_app' || !(off[def.type] ?? []).includes(c as OutboundChannel)])),
      obeys: def.obeys,
      switch_on: def.obeys === 'email' ? emailOn : true,
    })),
  };
}
