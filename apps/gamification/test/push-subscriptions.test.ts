import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PUSH_SUBSCRIPTIONS_PER_USER, communityEvents, gamificationInternal, gamificationRoutes, identityEvents } from '@lp/contracts';
import { PushSubscriptionsService } from '../src/modules/notifications/push-subscriptions.service.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

jest.setTimeout(90_000);

let h: GamificationHarness;
// a public key of the right shape: gamification only hands it to browsers
const VAPID_PUBLIC_KEY = `B${randomBytes(64).toString('base64url')}`;

beforeAll(async () => {
  h = await GamificationHarness.start({ VAPID_PUBLIC_KEY });
}, 90_000);
afterAll(async () => {
  await h.stop();
}, 90_000);

const browser = () => ({
  endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
  keys: { p256dh: `B${randomBytes(64).toString('base64url')}`, auth: randomBytes(16).toString('base64url') },
});

/** One answer_accepted notification for `u`; answers its deliveries' channels. */
async function channelsOfNext(u: TestUser): Promise<string[]> {
  await h.publish(communityEvents.answerAccepted, {
    v: 1,
    answer_id: randomUUID(),
    question_id: randomUUID(),
    answer_author_id: u.id,
    accepted_by: randomUUID(),
    accepted_at: new Date().toISOString(),
  });
  await h.idle(communityEvents.answerAccepted);
  const rows = (await h.ds.query(
    `SELECT d.channel FROM notification_deliveries d
       JOIN notifications n ON n.id = d.notification_id
      WHERE n.user_id = $1 AND n.created_at = (SELECT max(created_at) FROM notifications WHERE user_id = $1)
      ORDER BY d.channel`,
    [u.id],
  )) as Array<{ channel: string }>;
  return rows.map((r) => r.channel);
}

describe('Web Push subscriptions and deliveries', () => {
  it('makes a push delivery only for a subscribed user, and only while the type’s push switch is on', async () => {
    const u = await h.user();
    expect(await channelsOfNext(u)).toEqual(['email']);

    await h.call(gamificationRoutes.subscribePush, { body: browser() }, u.caller);
    expect(await channelsOfNext(u)).toEqual(['email', 'push']);

    await h.call(
      gamificationRoutes.updateNotificationPreferences,
      { body: { changes: [{ type: 'answer_accepted', channel: 'push', enabled: false }] } },
      u.caller,
    );
    expect(await channelsOfNext(u)).toEqual(['email']);
  });

  it("keeps at most the cap per user, the oldest going, and answers the worker a user's browsers", async () => {
    const u = await h.user();
    const browsers = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 2 }, browser);
    for (const b of browsers) await h.call(gamificationRoutes.subscribePush, { body: b }, u.caller);
    const { targets } = await h.internal(gamificationInternal.pushTargets, { user_id: u.id });
    expect(targets.map((t) => t.endpoint).sort()).toEqual(
      browsers
        .slice(2)
        .map((b) => b.endpoint)
        .sort(),
    );
    expect(targets.find((t) => t.endpoint === browsers[5]!.endpoint)).toEqual({
      endpoint: browsers[5]!.endpoint,
      p256dh: browsers[5]!.keys.p256dh,
      auth: browsers[5]!.keys.auth,
    });
  });

  it('forgets a subscription its push service says is gone, and every one of a deleted account', async () => {
    const u = await h.user();
    const [a, b] = [browser(), browser()];
    for (const s of [a, b]) await h.call(gamificationRoutes.subscribePush, { body: s }, u.caller);
    expect(await h.internal(gamificationInternal.pushGone, { endpoint: a.endpoint })).toEqual({ removed: true });
    expect(await h.internal(gamificationInternal.pushGone, { endpoint: a.endpoint })).toEqual({ removed: false });
    expect((await h.internal(gamificationInternal.pushTargets, { user_id: u.id })).targets.map((t) => t.endpoint)).toEqual([b.endpoint]);
    // the data export names the browser, not its keys
    const exported = (await h.svc.app.get(PushSubscriptionsService).exportUserData(u.id)) as { push_subscriptions: unknown[] };
    expect(exported.push_subscriptions).toEqual([{ endpoint: b.endpoint, created_at: expect.any(String) }]);

    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: u.id, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.idle(identityEvents.userDeletionScheduled);
    expect(await h.ds.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [u.id])).toEqual([]);
  });
});
