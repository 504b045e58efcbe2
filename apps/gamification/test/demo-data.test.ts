import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { gamificationInternal, gamificationRoutes } from '@lp/contracts';
import {
  DEMO_STREAK_DAYS,
  GENERATED_LEARNERS,
  demoLearnerHabit,
  generatedHabit,
  generatedLearner,
  planAwards,
  type PlannedAward,
} from '../src/seed/gamification-demo.js';
import { GamificationHarness } from './support/gamification-harness.js';

let h: GamificationHarness;
beforeAll(async () => {
  h = await GamificationHarness.start();
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 30_000);

const seed = (userId: string, awards: PlannedAward[]) => h.internal(gamificationInternal.seedXp, { user_id: userId, awards });

describe('the demo data', () => {
  it('plans the same awards each time, for distinct generated people', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(planAwards('demo-learner', 1, demoLearnerHabit, now)).toEqual(planAwards('demo-learner', 1, demoLearnerHabit, now));
    const emails = Array.from({ length: GENERATED_LEARNERS }, (_, i) => generatedLearner(i).email);
    expect(new Set(emails).size).toBe(GENERATED_LEARNERS);
    const plan = planAwards('demo-learner', 1, demoLearnerHabit, now);
    expect(new Set(plan.map((a) => a.source_id)).size).toBe(plan.length);
    expect(plan.every((a) => Date.parse(a.occurred_at) <= now.getTime())).toBe(true);
    expect([...plan.map((a) => a.occurred_at)]).toEqual([...plan.map((a) => a.occurred_at)].sort());
  });

  it('leaves the demo learner in the top ten of this week with a five-day streak and a few badges; seeding again adds nothing', async () => {
    const now = new Date();
    const learner = await h.user('learner', 'Demo Learner');
    const first = await seed(learner.id, planAwards('demo-learner', 1, demoLearnerHabit, now));
    expect(first.applied).toBeGreaterThan(100);
    for (let i = 0; i < GENERATED_LEARNERS; i += 1)
      await seed(randomUUID(), planAwards(`learner-${i + 1}`, 1000 + i, generatedHabit(i), now));

    const me = await h.call(gamificationRoutes.me, {}, learner.caller);
    expect(me.current_streak).toBe(DEMO_STREAK_DAYS);
    expect(me.badges.length).toBeGreaterThanOrEqual(3);
    await h.waitFor(
      async () => (await h.call(gamificationRoutes.leaderboard, { query: { timeframe: 'week' } }, learner.caller)).me !== null,
    );
    const week = await h.call(gamificationRoutes.leaderboard, { query: { timeframe: 'week' } }, learner.caller);
    expect(week.me!.rank).toBeLessThanOrEqual(10);
    expect(week.participants).toBeGreaterThan(10);

    const again = await seed(learner.id, planAwards('demo-learner', 1, demoLearnerHabit, now));
    expect(again).toEqual({ applied: 0, xp: 0 });
    expect((await h.call(gamificationRoutes.me, {}, learner.caller)).total_xp).toBe(me.total_xp);
  }, 180_000);
});
