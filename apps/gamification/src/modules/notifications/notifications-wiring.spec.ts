import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { EVENT_CONSUMERS, NOTIFICATION_TYPES, type EventDef } from '@lp/contracts';
import { EVENT_META } from '@lp/service-kit';
import { NotificationsConsumer } from './notifications.consumer.js';

/** A type declared with an event must be made from it: a handler here, and the event among gamification's consumed ones (its NATS permission). */
describe('notification types and their consumer', () => {
  it('has a handler for every declared event, and none for an undeclared one', () => {
    const proto = NotificationsConsumer.prototype as unknown as Record<string, unknown>;
    const handled = Object.getOwnPropertyNames(proto)
      .map((k) => Reflect.getMetadata(EVENT_META, proto, k) as EventDef | undefined)
      .filter((e): e is EventDef => e !== undefined)
      .map((e) => e.name);
    const declared = Object.values(NOTIFICATION_TYPES).flatMap((t) => (t.event ? [t.event.name] : []));
    const ownBookkeeping = ['identity.user.notification-settings-changed', 'identity.user.deletion-scheduled'];
    expect(new Set(handled.filter((n) => !ownBookkeeping.includes(n)))).toEqual(new Set(declared));
    const consumed = new Set((EVENT_CONSUMERS.gamification ?? []).map((e) => e.name));
    for (const name of [...declared, 'identity.user.notification-settings-changed'])
      expect({ name, consumed: consumed.has(name) }).toEqual({ name, consumed: true });
  });
});
