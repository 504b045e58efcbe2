import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_MONTHLY_CAP,
  REFERRAL_REWARD_MINOR,
  catalogEvents,
  gamificationRoutes,
  identityEvents,
  systemSubjects,
} from '@lp/contracts';
import { LOGGER, type Logger } from '@lp/service-kit';
import { startTestService, type TestService } from '@lp/testing';
// the reward is a wallet credit in billing: the real billing runs beside gamification
import { BillingModule } from '../../billing/src/app.module.js';
import { ReferralRewards } from '../src/modules/referrals/referral-rewards.js';
import { ReferralsService } from '../src/modules/referrals/referrals.service.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

jest.setTimeout(90_000);

let h: GamificationHarness;
let billing: TestService | null = null;

beforeAll(async () => {
  // the default pool (10) on purpose: the "10 instances" test holds ten transactions at once, and
  // nothing inside one may wait for another connection
  h = await GamificationHarness.start({ PUBLIC_URL: 'https://learn.example.test/' });
}, 90_000);
afterAll(async () => {
  await billing?.stop();
  await h.stop();
}, 90_000);

interface ReferralRow {
  id: string;
  code: string;
  referrer_id: string | null;
  status: string;
  refusal: string | null;
  reward_minor: number;
  reward_claimed: boolean;
}

const referralOf = async (referredId: string): Promise<ReferralRow | null> =>
  ((await h.ds.query('SELECT * FROM referrals WHERE referred_id = $1', [referredId])) as ReferralRow[])[0] ?? null;

/** An account registered through a referral link, as identity announces it; waits until gamification applied the event. */
async function register(ref: string | null, email = `${randomUUID().slice(0, 8)}@example.org`, id = randomUUID()): Promise<string> {
  await h.publish(identityEvents.userRegistered, {
    v: 1,
    user_id: id,
    email,
    phone: null,
    name: `Friend ${id.slice(0, 4)}`,
    role: 'learner',
    ref,
    created_at: new Date().toISOString(),
  });
  await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
  return id;
}

/** A referrer with a code and the e-mail the read model knows them by. */
async function referrer(email?: string): Promise<TestUser & { code: string }> {
  let u: TestUser;
  if (email) {
    const id = await register(null, email);
    u = { id, name: `Friend ${id.slice(0, 4)}`, caller: { userId: id, role: 'learner', sessionId: randomUUID(), institutionId: null } };
  } else u = await h.user();
  const { code } = await h.call(gamificationRoutes.generateReferral, {}, u.caller);
  return { ...u, code };
}

const lesson = (userId: string): Promise<string> =>
  h.publish(catalogEvents.lessonCompleted, {
    v: 1,
    user_id: userId,
    course_id: randomUUID(),
    lesson_id: randomUUID(),
    kind: 'lesson',
    time_spent_minutes: 5,
    completion_percentage: 10,
    completed_at: new Date().toISOString(),
  });

const applied = async (eventIds: string[]): Promise<void> =>
  h.waitFor(
    async () =>
      (
        (await h.ds.query('SELECT count(DISTINCT event_id)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])', [eventIds])) as Array<{
          n: number;
        }>
      )[0]!.n === eventIds.length,
    20_000,
  );

const xpRows = async (userId: string, rule: string): Promise<number> =>
  (
    (await h.ds.query('SELECT count(*)::int AS n FROM xp_ledger WHERE user_id = $1 AND rule_code = $2', [userId, rule])) as Array<{
      n: number;
    }>
  )[0]!.n;

const walletOf = async (userId: string): Promise<number> =>
  ((await billing!.ds.query('SELECT balance FROM accounts WHERE key = $1', [`wallet:${userId}:USD`])) as Array<{ balance: number }>)[0]
    ?.balance ?? 0;

const completedEvents = async (referralId: string): Promise<number> =>
  (await h.outbox('gamification.referral.completed')).filter((e) => e.payload.referral_id === referralId).length;

describe('a reward while billing is away', () => {
  it('completes the referral at once, and the money lands when billing answers again (the sweep)', async () => {
    const ann = await referrer();
    const friend = await register(ann.code);
    await applied([await lesson(friend)]);
    const r = (await referralOf(friend))!;
    expect(r).toMatchObject({ status: 'completed', reward_minor: REFERRAL_REWARD_MINOR, reward_claimed: false });
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(1);

    billing = await startTestService(BillingModule.create(h.env), h.env);
    const rewards = h.svc.app.get(ReferralRewards);
    await h.waitFor(async () => (await rewards.sweep(), (await referralOf(friend))!.reward_claimed), 20_000);
    expect(await walletOf(ann.id)).toBe(REFERRAL_REWARD_MINOR);
    // a sweep of a referral already paid (its claim lost, say) asks again and billing pays nothing more
    await h.ds.query('UPDATE referrals SET reward_claimed = false WHERE id = $1', [r.id]);
    await rewards.sweep();
    expect((await referralOf(friend))!.reward_claimed).toBe(true);
    expect(await walletOf(ann.id)).toBe(REFERRAL_REWARD_MINOR);
  });
});

describe('codes', () => {
  it('makes one code per user, the same on every call (also at once), with a link on the site origin', async () => {
    const u = await h.user();
    const before = await h.call(gamificationRoutes.myReferrals, {}, u.caller);
    expect(before).toMatchObject({ code: null, link: null, referrals: [], earned_minor: 0 });
    expect(before.reward).toEqual({ amount_minor: REFERRAL_REWARD_MINOR, currency: 'USD', xp: 100 });
    const many = await Promise.all(Array.from({ length: 5 }, () => h.call(gamificationRoutes.generateReferral, {}, u.caller)));
    const code = many[0]!.code;
    expect(new Set(many.map((g) => g.code))).toEqual(new Set([code]));
    expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
    for (const ch of code) expect(REFERRAL_CODE_ALPHABET).toContain(ch);
    expect(many[0]!.link).toBe(`https://learn.example.test/?ref=${code}`);
    expect(await h.call(gamificationRoutes.generateReferral, {}, u.caller)).toEqual(many[0]);
    expect(await h.call(gamificationRoutes.myReferrals, {}, u.caller)).toMatchObject({ code, link: many[0]!.link });
  });

  it('gives different users different codes', async () => {
    const a = await referrer();
    const b = await referrer();
    expect(a.code).not.toBe(b.code);
  });
});

describe('registration with a code', () => {
  it('makes a pending referral the referrer sees, e-mail masked; the users read model applied the same event', async () => {
    const ann = await referrer();
    const friend = await register(ann.code.toLowerCase(), 'bella.friend@example.org');
    expect(await referralOf(friend)).toMatchObject({ status: 'pending', refusal: null, referrer_id: ann.id, code: ann.code });
    expect((await h.ds.query('SELECT name FROM users WHERE id = $1', [friend])).length).toBe(1);
    const mine = await h.call(gamificationRoutes.myReferrals, {}, ann.caller);
    expect(mine.referrals).toEqual([
      expect.objectContaining({
        referred_email: 'be***@example.org',
        status: 'pending',
        reward_claimed: false,
        completed_at: null,
        reward_note: null,
      }),
    ]);
  });

  it('makes nothing without a code, and a replayed registration adds nothing', async () => {
    const plain = await register(null);
    expect(await referralOf(plain)).toBeNull();
    const ann = await referrer();
    const id = randomUUID();
    await register(ann.code, 'carl@example.org', id);
    await register(ann.code, 'carl@example.org', id);
    expect(
      ((await h.ds.query('SELECT count(*)::int AS n FROM referrals WHERE referred_id = $1', [id])) as Array<{ n: number }>)[0]!.n,
    ).toBe(1);
  });

  it('refuses an unknown code, the same account, the same inbox, and an inbox already referred', async () => {
    const ann = await referrer('ann.smith@gmail.com');
    const unknown = await register('ZZZZZZZZ');
    expect(await referralOf(unknown)).toMatchObject({ status: 'refused', refusal: 'unknown_code', referrer_id: null });

    // the owner's own account announced with their own code
    const self = randomUUID();
    await h.ds.query(`INSERT INTO referral_codes (user_id, code) VALUES ($1, 'SELF2345')`, [self]);
    await register('SELF2345', 'self@example.org', self);
    expect(await referralOf(self)).toMatchObject({ status: 'refused', refusal: 'self_referral' });

    const sameInbox = await register(ann.code, 'AnnSmith+promo@googlemail.com');
    expect(await referralOf(sameInbox)).toMatchObject({ status: 'refused', refusal: 'same_email', referrer_id: ann.id });

    const first = await register(ann.code, 'dora.lee@gmail.com');
    const again = await register(ann.code, 'doralee+2@gmail.com');
    expect(await referralOf(first)).toMatchObject({ status: 'pending' });
    expect(await referralOf(again)).toMatchObject({ status: 'refused', refusal: 'already_referred' });
    // refused ones are the admin's, not in the referrer's list
    const mine = await h.call(gamificationRoutes.myReferrals, {}, ann.caller);
    expect(mine.referrals.map((r) => r.id)).toEqual([(await referralOf(first))!.id]);
  });
});

describe('completion', () => {
  it("the referred account's first lesson completes it once: XP to both, the wallet credit, one event", async () => {
    const ann = await referrer();
    const friend = await register(ann.code);
    const first = await lesson(friend);
    await applied([first]);
    const r = (await referralOf(friend))!;
    expect(r).toMatchObject({ status: 'completed', reward_minor: REFERRAL_REWARD_MINOR });
    await h.waitFor(async () => (await referralOf(friend))!.reward_claimed);
    expect(await walletOf(ann.id)).toBe(REFERRAL_REWARD_MINOR);
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(1);
    expect(await xpRows(friend, 'referral_referred')).toBe(1);
    expect(await completedEvents(r.id)).toBe(1);
    const [event] = (await h.outbox('gamification.referral.completed')).filter((e) => e.payload.referral_id === r.id);
    expect(event!.payload).toMatchObject({
      referrer_id: ann.id,
      referred_id: friend,
      reward_minor: REFERRAL_REWARD_MINOR,
      currency: 'USD',
    });
    // completed at the batch's commit, yet in the lesson's own request (an event without one: its id)
    expect(event!.request_id).toBe(first);

    await applied([await lesson(friend), await lesson(ann.id)]);
    expect(await completedEvents(r.id)).toBe(1);
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(1);
    const mine = await h.call(gamificationRoutes.myReferrals, {}, ann.caller);
    expect(mine.referrals).toEqual([expect.objectContaining({ id: r.id, status: 'completed', reward_claimed: true, reward_note: null })]);
    expect(mine.earned_minor).toBe(REFERRAL_REWARD_MINOR);
  });

  it('pays once under 10 concurrent completions of the same account (different events)', async () => {
    const ann = await referrer();
    const friend = await register(ann.code);
    const ids = await Promise.all(Array.from({ length: 10 }, () => lesson(friend)));
    await applied(ids);
    const r = (await referralOf(friend))!;
    expect(r.status).toBe('completed');
    await h.waitFor(async () => (await referralOf(friend))!.reward_claimed);
    expect(await completedEvents(r.id)).toBe(1);
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(1);
    expect(await xpRows(friend, 'referral_referred')).toBe(1);
    expect(await walletOf(ann.id)).toBe(REFERRAL_REWARD_MINOR);
    const credits = (await billing!.ds.query('SELECT count(*)::int AS n FROM promotion_credits WHERE user_id = $1', [ann.id])) as Array<{
      n: number;
    }>;
    expect(credits[0]!.n).toBe(1);
  });

  it('pays once when 10 instances complete it at the same moment (10 concurrent transactions)', async () => {
    const ann = await referrer();
    const friend = await register(ann.code);
    const service = h.svc.app.get(ReferralsService);
    const log = h.svc.app.get<Logger>(LOGGER);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        h.ds.transaction(async (tx) => {
          const payload = {
            v: 1 as const,
            user_id: friend,
            course_id: randomUUID(),
            lesson_id: randomUUID(),
            kind: 'lesson' as const,
            time_spent_minutes: 1,
            completion_percentage: 5,
            completed_at: new Date().toISOString(),
          };
          const envelope = { id: randomUUID(), name: catalogEvents.lessonCompleted.name, occurred_at: payload.completed_at, payload };
          await service.lessonCompleted(payload, { tx, envelope, log });
        }),
      ),
    );
    const r = (await referralOf(friend))!;
    expect(r.status).toBe('completed');
    await h.waitFor(async () => (await referralOf(friend))!.reward_claimed);
    expect(await completedEvents(r.id)).toBe(1);
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(1);
    expect(await walletOf(ann.id)).toBe(REFERRAL_REWARD_MINOR);
  });

  it('a lesson of an account whose referral was refused completes nothing', async () => {
    const ann = await referrer('zoe.q@gmail.com');
    const sameInbox = await register(ann.code, 'zoeq@gmail.com');
    await applied([await lesson(sameInbox)]);
    expect(await referralOf(sameInbox)).toMatchObject({ status: 'refused', refusal: 'same_email' });
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(0);
  });

  it('past the monthly cap the referral completes without money or referrer XP, says why, and the admin sees it refused', async () => {
    const ann = await referrer();
    // this month's rewarded referrals, up to the cap (a month ago's do not count)
    for (let i = 0; i < REFERRAL_MONTHLY_CAP; i++) {
      await h.ds.query(
        `INSERT INTO referrals (code, referrer_id, referred_id, referred_email, referred_email_normalized, status, reward_minor, reward_claimed, completed_at)
         VALUES ($1, $2, $3, 'x@example.org', $4, 'completed', $5, true, now())`,
        [ann.code, ann.id, randomUUID(), `x${i}@example.org`, REFERRAL_REWARD_MINOR],
      );
    }
    const friend = await register(ann.code, 'capped.friend@example.org');
    await applied([await lesson(friend)]);
    const r = (await referralOf(friend))!;
    expect(r).toMatchObject({ status: 'completed', refusal: 'monthly_cap', reward_minor: 0, reward_claimed: false });
    expect(await xpRows(ann.id, 'referral_referrer')).toBe(0);
    expect(await xpRows(friend, 'referral_referred')).toBe(1);
    const [event] = (await h.outbox('gamification.referral.completed')).filter((e) => e.payload.referral_id === r.id);
    expect(event!.payload).toMatchObject({ reward_minor: 0 });
    await h.svc.app.get(ReferralRewards).sweep();
    expect(await walletOf(ann.id)).toBe(0);
    const mine = await h.call(gamificationRoutes.myReferrals, {}, ann.caller);
    expect(mine.referrals.find((x) => x.id === r.id)).toMatchObject({
      status: 'completed',
      reward_claimed: false,
      reward_note: expect.stringContaining('monthly'),
    });

    const admin = await h.user('admin');
    const figures = await h.call(gamificationRoutes.adminReferrals, {}, admin.caller);
    expect(figures.refusals[0]).toMatchObject({
      id: r.id,
      reason: 'monthly_cap',
      referrer_id: ann.id,
      referrer_name: ann.name,
      referred_email: 'ca***@example.org',
    });
  });
});

describe("a person's data", () => {
  it('exports the code, the referrals made and the one that brought them; a deletion hides the referred e-mail', async () => {
    const ann = await referrer();
    const friend = await register(ann.code, 'erin.friend@example.org');
    const exported = await h.client.request<{
      data: { referral_code: string; referrals_made: Array<{ referred_email: string }>; referred_by: unknown };
    }>(systemSubjects.exportUserData('gamification'), { user_id: ann.id });
    expect(exported.data).toMatchObject({
      referral_code: ann.code,
      referrals_made: [{ referred_email: 'er***@example.org' }],
      referred_by: null,
    });
    const theirs = await h.client.request<{ data: { referred_by: unknown } }>(systemSubjects.exportUserData('gamification'), {
      user_id: friend,
    });
    expect(theirs.data.referred_by).toMatchObject({ code: ann.code, status: 'pending' });

    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: friend, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.waitFor(async () => (await h.call(gamificationRoutes.myReferrals, {}, ann.caller)).referrals[0]?.referred_email === '***');
    // the normalised e-mail stays: the same inbox under a new account is still refused
    const gmail = await register(ann.code, 'erin.f@gmail.com');
    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: gmail, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.waitFor(
      async () =>
        (
          (await h.ds.query('SELECT referred_email FROM referrals WHERE referred_id = $1', [gmail])) as Array<{ referred_email: string }>
        )[0]!.referred_email === '',
    );
    expect(await referralOf(await register(ann.code, 'erinf@gmail.com'))).toMatchObject({ status: 'refused', refusal: 'already_referred' });
  });
});

describe('admin figures', () => {
  it('count pending, completed, rewards paid and refused as the table holds them', async () => {
    const admin = await h.user('admin');
    const ann = await referrer();
    await register(ann.code);
    const unknown = await register('QQQQQQQQ');
    const [expected] = (await h.ds.query(`
      SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
             count(*) FILTER (WHERE status = 'completed')::int AS completed,
             count(*) FILTER (WHERE reward_claimed)::int AS rewards_paid,
             coalesce(sum(reward_minor) FILTER (WHERE reward_claimed), 0)::int AS rewards_paid_minor,
             count(*) FILTER (WHERE refusal IS NOT NULL)::int AS refused
        FROM referrals`)) as Array<Record<string, number>>;
    const figures = await h.call(gamificationRoutes.adminReferrals, {}, admin.caller);
    expect(figures).toMatchObject(expected!);
    expect(figures.pending).toBeGreaterThanOrEqual(1);
    expect(figures.rewards_paid_minor).toBe(figures.rewards_paid * REFERRAL_REWARD_MINOR);
    expect(figures.refusals[0]).toMatchObject({
      id: (await referralOf(unknown))!.id,
      reason: 'unknown_code',
      referrer_id: null,
      referrer_name: null,
      code: 'QQQQQQQQ',
    });
    expect(new Set(figures.refusals.map((x) => x.reason))).toEqual(
      new Set(['unknown_code', 'self_referral', 'same_email', 'already_referred', 'monthly_cap']),
    );
  });
});
