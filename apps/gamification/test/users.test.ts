import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityEvents } from '@lp/contracts';
import { GamificationHarness } from './support/gamification-harness.js';

let h: GamificationHarness;
beforeAll(async () => {
  h = await GamificationHarness.start();
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 30_000);

const row = async (id: string) =>
  (
    (await h.ds.query('SELECT name, email, deleted FROM users WHERE id = $1', [id])) as Array<{
      name: string;
      email: string | null;
      deleted: boolean;
    }>
  )[0];

describe('gamification users read model', () => {
  it("follows identity's events: a registration, an update, and a deletion that forgets the name and e-mail", async () => {
    const ann = await h.user('learner', 'Ann Able');
    expect(await row(ann.id)).toMatchObject({ name: 'Ann Able', deleted: false });
    await h.publish(identityEvents.userUpdated, {
      v: 1,
      user_id: ann.id,
      name: 'Ann Renamed',
      email: 'ann@example.test',
      role: 'learner',
      profile_image: null,
    });
    await h.waitFor(async () => (await row(ann.id))?.name === 'Ann Renamed');
    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: ann.id, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.waitFor(async () => (await row(ann.id))?.deleted === true);
    expect(await row(ann.id)).toEqual({ name: 'Deleted user', email: null, deleted: true });
  });
});
