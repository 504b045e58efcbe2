import { Inject, Injectable } from '@nestjs/common';
import {
  REFERRAL_REWARD_CURRENCY,
  REFERRAL_REWARD_MINOR,
  catalogEvents,
  gamificationEvents,
  gamificationRoutes,
  identityEvents,
  type EventPayload,
  type ReferralRefusal,
  type RouteOutput,
} from '@lp/contracts';
import { currentContext, runInContext, writeEvent, type EventContext, type RequestContext } from '@lp/bus';
import {
  Clock,
  ENV,
  ExportsUserData,
  Handles,
  LOGGER,
  OnEvent,
  UnitOfWork,
  UsersReadModel,
  currentCaller,
  entityManager,
  iso,
  isoOrNull,
  type Logger,
} from '@lp/service-kit';
import type { EntityManager } from 'typeorm';
import { TransactionQueues, type TransactionQueue } from '../../common/transaction-queues.js';
import type { GamificationEnv } from '../../config/gamification-env.js';
import { gamificationErrors } from '../../common/gamification-errors.js';
import type { ReferralEntity } from '../../entities/referral.entity.js';
import { XpLedgerService } from '../xp/xp-ledger.service.js';
import { monthStartOf, startOfLocalDay } from '../leaderboard/periods.js';
import { ReferralRewards } from './referral-rewards.js';
import {
  generateReferralCode,
  judgeRegistration,
  maskEmail,
  normalizeCode,
  normalizeEmail,
  rewardAtCompletion,
  rewardNote,
} from './referral-rules.js';
import { ReferralsRepository } from './referrals.repository.js';
import { XP_EVENT_CONCURRENCY } from '../../common/event-concurrency.js';

type R = typeof gamificationRoutes;
/** tries at a fresh code before giving up (31^8 codes: a collision is already rare) */
const CODE_ATTEMPTS = 5;
const ADMIN_REFUSALS_SHOWN = 20;

export const REFERRER_RULE = 'referral_referrer';
export const REFERRED_RULE = 'referral_referred';

/**
 * Referrals: a code per user, the accounts registered with it, the fraud rules at
 * registration, the completion on the referred account's first completed lesson and its
 * reward (XP to both in the completion's transaction, the referrer's wallet credit through
 * billing once it committed). docs/gamification.md, "Referrals", has the rules.
 */
@Injectable()
export class ReferralsService {
  /** learners who completed a lesson in a transaction (with the lesson event's context): their pending referrals are looked up together before it commits */
  private readonly firstLessons: TransactionQueue<{ learnerId: string; context: RequestContext | undefined }>;

  constructor(
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
    @Inject(ReferralRewards) private readonly rewards: ReferralRewards,
    @Inject(XpLedgerService) private readonly xp: XpLedgerService,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: GamificationEnv,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(TransactionQueues) queues: TransactionQueues,
  ) {
    this.firstLessons = queues.beforeCommit((tx, lessons) => this.completePending(tx, lessons));
  }

  @Handles(gamificationRoutes.myReferrals)
  async my(): Promise<RouteOutput<R['myReferrals']>> {
    const me = currentCaller().userId;
    const [code, rows, xp] = await Promise.all([
      this.referrals.codeOf(me),
      this.referrals.listForReferrer(me),
      this.referrals.ruleXp(REFERRER_RULE),
    ]);
    return {
      code: code?.code ?? null,
      link: code ? this.link(code.code) : null,
      referrals: rows.map(toItem),
      reward: { amount_minor: REFERRAL_REWARD_MINOR, currency: REFERRAL_REWARD_CURRENCY, xp },
      earned_minor: rows.reduce((sum, r) => sum + (r.rewardClaimed ? r.rewardMinor : 0), 0),
    };
  }

  /** The caller's code, made on the first call; later calls (and a second tab's at the same moment) answer the same one. */
  @Handles(gamificationRoutes.generateReferral)
  async generate(): Promise<RouteOutput<R['generateReferral']>> {
    const me = currentCaller().userId;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = await this.uow.run(async (tx) => {
        const existing = await this.referrals.codeOf(me, tx);
        if (existing) return existing.code;
        const fresh = generateReferralCode();
        if (await this.referrals.insertCode(tx, me, fresh)) return fresh;
        // the insert met a unique key: ours made at the same moment by another request, or a code someone else holds
        return (await this.referrals.codeOf(me, tx))?.code ?? null;
      });
      if (code) return { code, link: this.link(code) };
    }
    throw gamificationErrors.referralCodeUnavailable();
  }

  @Handles(gamificationRoutes.adminReferrals)
  async admin(): Promise<RouteOutput<R['adminReferrals']>> {
    const [figures, refused] = await Promise.all([this.referrals.figures(), this.referrals.latestRefused(ADMIN_REFUSALS_SHOWN)]);
    return {
      ...figures,
      refusals: refused.map(({ referral: r, referrerName }) => ({
        id: r.id,
        referrer_id: r.referrerId,
        referrer_name: referrerName,
        referred_email: maskEmail(r.referredEmail),
        code: r.code,
        reason: r.refusal as ReferralRefusal,
        created_at: iso(r.completedAt ?? r.createdAt),
      })),
    };
  }

  /**
   * An account registered with `?ref=<code>`: a pending referral, or a refused one saying
   * which rule refused it (docs/gamification.md). Runs in the inbox's transaction, after the
   * users read model's own handler of the same event.
   */
  @OnEvent(identityEvents.userRegistered)
  async registered(p: EventPayload<typeof identityEvents.userRegistered>, ctx: EventContext): Promise<void> {
    const code = normalizeCode(p.ref);
    if (!code) return;
    const tx = entityManager(ctx.tx);
    const owned = await this.referrals.codeByText(code, tx);
    const owner = owned ? await this.users.find(owned.userId, tx) : null;
    const referredEmailNormalized = normalizeEmail(p.email);
    const verdict = judgeRegistration({
      referredId: p.user_id,
      referredEmailNormalized,
      owner: owned ? { userId: owned.userId, emailNormalized: normalizeEmail(owner?.email) } : null,
      emailAlreadyReferred: referredEmailNormalized !== '' && (await this.referrals.emailAlreadyReferred(tx, referredEmailNormalized)),
    });
    await this.referrals.insert(tx, {
      code,
      referrerId: owned?.userId ?? null,
      referredId: p.user_id,
      referredEmail: p.email ?? '',
      referredEmailNormalized,
      status: verdict.status,
      refusal: verdict.refusal,
    });
    if (verdict.refusal) ctx.log.info({ referredId: p.user_id, code, refusal: verdict.refusal }, 'referral refused');
  }

  /**
   * The referred account's first completed lesson completes its referral, once. A consumer's
   * transaction applies up to 64 lessons; whether their learners have a pending referral is
   * asked once for all of them, just before it commits (the common case, nobody referred them,
   * then costs one query per batch instead of one per lesson). Two batches at once are safe: a
   * completion locks its referrer's code row and then the referral, which must still be pending.
   */
  @OnEvent(catalogEvents.lessonCompleted, { concurrency: XP_EVENT_CONCURRENCY })
  async lessonCompleted(p: EventPayload<typeof catalogEvents.lessonCompleted>, ctx: EventContext): Promise<void> {
    this.firstLessons.add(entityManager(ctx.tx), { learnerId: p.user_id, context: currentContext() });
  }

  /**
   * The pending referrals of these learners completed, in the order of their referrers, each in
   * its lesson event's context (the events and logs it writes carry that request's id).
   */
  private async completePending(
    tx: EntityManager,
    lessons: ReadonlyArray<{ learnerId: string; context: RequestContext | undefined }>,
  ): Promise<void> {
    const contextOf = new Map(lessons.map((l) => [l.learnerId, l.context]));
    const pending = await this.referrals.pendingForMany([...contextOf.keys()], tx);
    for (const p of pending.sort((a, b) => (a.referrerId ?? '').localeCompare(b.referrerId ?? '') || a.id.localeCompare(b.id))) {
      const { referrerId } = p;
      if (!referrerId) continue;
      const context = contextOf.get(p.referredId);
      const run = () => this.complete(tx, referrerId, p.id);
      await (context ? runInContext(context, run) : run());
    }
  }

  /**
   * One referral completed: the row is locked and must still be pending. The referrer's code
   * row is locked first, so their completions take turns and the monthly cap counts every one
   * of them. XP goes to both in this transaction (keyed by the referral, so a replay awards
   * nothing); the money is asked of billing after the commit.
   */
  private async complete(tx: EntityManager, referrerId: string, referralId: string): Promise<void> {
    await this.referrals.lockCode(tx, referrerId);
    const r = await this.referrals.lock(tx, referralId);
    if (!r || r.status !== 'pending' || !r.referrerId) return;
    const now = this.clock.now();
    const monthStart = startOfLocalDay(monthStartOf(now));
    const { rewardMinor, refusal } = rewardAtCompletion(await this.referrals.rewardedSince(tx, r.referrerId, monthStart));
    await this.referrals.complete(tx, r.id, { rewardMinor, refusal, completedAt: now });
    await this.xp.award(tx, {
      userId: r.referredId,
      ruleCode: REFERRED_RULE,
      sourceEventId: `referral:${r.id}:referred`,
      sourceKey: r.id,
      occurredAt: now,
    });
    if (rewardMinor > 0) {
      await this.xp.award(tx, {
        userId: r.referrerId,
        ruleCode: REFERRER_RULE,
        sourceEventId: `referral:${r.id}:referrer`,
        sourceKey: r.id,
        occurredAt: now,
      });
      this.rewards.afterCommit(tx, r.id);
    }
    await writeEvent(tx, gamificationEvents.referralCompleted, {
      v: 1,
      referral_id: r.id,
      referrer_id: r.referrerId,
      referred_id: r.referredId,
      reward_minor: rewardMinor,
      currency: REFERRAL_REWARD_CURRENCY,
      completed_at: iso(now),
    });
    this.log.info({ referralId: r.id, rewardMinor, refusal }, 'referral completed');
  }

  /**
   * A deleted account's e-mail is no longer shown to its referrer (nor to the admin). The
   * normalised e-mail stays: it is what stops the same inbox from being rewarded again under a
   * new account (docs/gamification.md).
   */
  @OnEvent(identityEvents.userDeletionScheduled)
  async deletionScheduled(p: EventPayload<typeof identityEvents.userDeletionScheduled>, ctx: EventContext): Promise<void> {
    await this.referrals.forgetShownEmail(entityManager(ctx.tx), p.user_id);
  }

  /** Gamification's referral part of "Download my data": the code, the people referred (masked), and the referral that brought the user. */
  @ExportsUserData()
  async exportReferrals(userId: string): Promise<Record<string, unknown>> {
    const [code, made, own] = await Promise.all([
      this.referrals.codeOf(userId),
      this.referrals.listForReferrer(userId),
      this.referrals.ofReferred(userId),
    ]);
    return {
      referral_code: code?.code ?? null,
      referrals_made: made.map(toItem),
      referred_by: own && {
        code: own.code,
        status: own.status,
        refusal: own.refusal,
        created_at: iso(own.createdAt),
        completed_at: isoOrNull(own.completedAt),
      },
    };
  }

  private link(code: string): string {
    return `${this.env.PUBLIC_URL}/?ref=${encodeURIComponent(code)}`;
  }
}

const toItem = (r: ReferralEntity): RouteOutput<R['myReferrals']>['referrals'][number] => ({
  id: r.id,
  referred_email: maskEmail(r.referredEmail),
  status: r.status === 'completed' ? 'completed' : 'pending',
  created_at: iso(r.createdAt),
  completed_at: isoOrNull(r.completedAt),
  reward_claimed: r.rewardClaimed,
  reward_note: r.status === 'completed' ? rewardNote(r.refusal) : null,
});
