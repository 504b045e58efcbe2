import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PLATFORM_TIME_ZONE, gamificationEvents, localDate, levelOf, type EventPayload } from '@lp/contracts';
import { currentRequestId, writeEventsEach } from '@lp/bus';
import { TransactionQueues, type TransactionQueue } from '../../common/transaction-queues.js';
import type { XpRuleEntity } from '../../entities/xp-rule.entity.js';
import { BadgesService, type BadgeChange } from '../badges/badges.service.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { cappedXp } from './caps.js';
import { afterActiveDay, streaksOf, type StreakState } from './streaks.js';
import { COURSE_RULES, XpRepository, type LedgerRow, type StatsRow } from './xp.repository.js';

export interface Award {
  userId: string;
  ruleCode: string;
  /** the event's id, or a key of its own where one award per thing is the rule ('referral:<id>:referrer') */
  sourceEventId: string;
  /** what it was for: a lesson, course, quiz, answer, ... id */
  sourceKey: string;
  occurredAt: Date;
  /** the course a lesson or course award belongs to: a refund of that course reverses it */
  courseId?: string | null;
}

export interface Reversal {
  userId: string;
  ruleCode: string;
  sourceKey: string;
  sourceEventId: string;
  occurredAt: Date;
}

interface Queued extends Award {
  requestId?: string | undefined;
}

type HeldReversal = { user_id: string; scope: string; key: string; source_event_id: string; occurred_at: Date };

/** Rules are data that changes by migration only; a minute's cache spares a read per award. */
const RULES_TTL_MS = 60_000;
const DAILY_ACTIVITY = 'daily_activity';
const keyOf = (userId: string, ruleCode: string, sourceEventId: string) => `${userId}|${ruleCode}|${sourceEventId}`;

/**
 * The one way XP moves: an award or a reversal, always inside the caller's transaction (an
 * event consumer's, or a UnitOfWork's), so the ledger rows, the users' stats, badges, the
 * period totals and the outbox events commit together or not at all. The stats rows of the
 * users concerned are locked first (in user id order): one user's awards take turns, which
 * keeps daily caps and streaks exact when events of one user arrive on several consumers.
 *
 * Awards are applied set-based: the event consumers `queue` theirs and the whole transaction's
 * awards (the kit applies up to 64 events of a type in one) are applied just before it commits,
 * in a fixed number of statements (plus a league placement per user new to this week, and an
 * outbox row per level or badge reached), instead of a dozen statements per award. `award`
 * applies one at once (referrals), `awardMany` one user's history (the demo data), by the same code.
 */
@Injectable()
export class XpLedgerService {
  private readonly log = new Logger('xp');
  private rulesCache: { at: number; byCode: Map<string, XpRuleEntity> } | null = null;
  /** awards applied together just before their transaction commits (a failure there fails the commit, so the consumer retries the events) */
  private readonly awards: TransactionQueue<Queued>;
  /**
   * users whose board rows are written once their transaction committed: a rolled-back award
   * must not show, and a transaction's connection is not held while Redis is written
   */
  private readonly boardWrites: TransactionQueue<string>;

  constructor(
    @Inject(XpRepository) private readonly repo: XpRepository,
    @Inject(BadgesService) private readonly badges: BadgesService,
    @Inject(LeaderboardService) private readonly leaderboard: LeaderboardService,
    @Inject(TransactionQueues) queues: TransactionQueues,
  ) {
    this.awards = queues.beforeCommit<Queued>(async (tx, list) => {
      await this.apply(tx, list);
    });
    this.boardWrites = queues.afterCommit<string>((users) => void this.leaderboard.afterCommit(users));
  }

  /** An award applied with the rest of the transaction's, just before it commits (the event consumers). */
  queue(tx: EntityManager, a: Award): void {
    this.awards.add(tx, { ...a, requestId: currentRequestId() });
  }

  /** An award applied now; answers the XP it granted with the day bonus it earned (0 when applied before). */
  async award(tx: EntityManager, a: Award): Promise<{ xp: number }> {
    const [xp] = await this.awardMany(tx, [a]);
    return { xp: xp ?? 0 };
  }

  /**
   * Awards applied now, together, in their order (one user's history in the demo data): the
   * same statements as one award's, so caps, streaks, day bonuses and badges come out as if
   * applied one by one, except that a level passed on the way is announced once, at the last.
   * Answers the XP each granted, with the day bonus it earned.
   */
  async awardMany(tx: EntityManager, list: readonly Award[]): Promise<number[]> {
    await this.flush(tx);
    const requestId = currentRequestId();
    return this.apply(
      tx,
      list.map((a) => ({ ...a, requestId })),
    );
  }

  /**
   * Takes back every standing award of the rule for the source (an unaccepted answer's). A
   * reversal is a row of negative XP carrying the award's own time and day, so each period
   * total (this week, this month) loses exactly what it gained; the daily bonus and the active
   * day stay (the user did show up that day), and badges stay earned. With nothing to take
   * back, the reversal is held for the award still on its way.
   */
  async reverse(tx: EntityManager, r: Reversal): Promise<{ xp: number }> {
    await this.flush(tx);
    const stats = await this.lockOne(tx, r.userId);
    const rows = await this.repo.standingAwards(tx, r.userId, r.ruleCode, r.sourceKey);
    if (!rows.length) {
      await this.repo.holdReversal(tx, {
        userId: r.userId,
        scope: r.ruleCode,
        key: r.sourceKey,
        sourceEventId: r.sourceEventId,
        occurredAt: r.occurredAt,
      });
      return { xp: 0 };
    }
    return this.takeBack(tx, stats, rows, r.sourceEventId, r.occurredAt);
  }

  /** A refunded course: its lesson and completion awards taken back, as `reverse` does; held for those still on their way. */
  async reverseCourse(
    tx: EntityManager,
    r: { userId: string; courseId: string; sourceEventId: string; occurredAt: Date },
  ): Promise<{ xp: number }> {
    await this.flush(tx);
    const stats = await this.lockOne(tx, r.userId);
    const rows = await this.repo.standingCourseAwards(tx, r.userId, r.courseId, COURSE_RULES);
    await this.repo.holdReversal(tx, {
      userId: r.userId,
      scope: 'course',
      key: r.courseId,
      sourceEventId: r.sourceEventId,
      occurredAt: r.occurredAt,
    });
    return this.takeBack(tx, stats, rows, r.sourceEventId, r.occurredAt);
  }

  /** The awards queued so far applied now, before what comes next in the transaction. */
  private flush(tx: EntityManager): Promise<void> {
    return this.awards.flush(tx);
  }

  private async lockOne(tx: EntityManager, userId: string): Promise<StatsRow> {
    return (await this.repo.lockStatsMany(tx, [userId])).get(userId)!;
  }

  /** Applies awards in their order; answers the XP each granted (with the day bonus it earned). */
  private async apply(tx: EntityManager, list: readonly Queued[]): Promise<number[]> {
    const gained = list.map(() => 0);
    const rules = await this.rules(tx);
    const items = list.flatMap((a, i) => {
      const rule = rules.get(a.ruleCode);
      if (!rule) this.log.warn(`award of an unknown rule ${a.ruleCode} ignored`);
      return rule?.active ? [{ a, i, rule }] : [];
    });
    if (!items.length) return gained;
    const userIds = [...new Set(items.map((x) => x.a.userId))].sort();
    const before = await this.repo.lockStatsMany(tx, userIds);
    const statsOf = (userId: string) => before.get(userId)!;
    const withHeld = userIds.filter((u) => statsOf(u).has_held);
    const held: HeldReversal[] = withHeld.length ? await this.repo.heldReversalsOf(tx, withHeld) : [];

    // new awards only: not in the ledger, and the first of their key in this batch. The ledger is
    // asked only about awards whose plan depends on it, a capped one's share of its cap or a held
    // reversal's match; any other award already there is refused by the insert's own key
    // (ON CONFLICT DO NOTHING) and never reaches `written`: one statement fewer per batch
    const dated = items.map((x) => ({ ...x, day: localDate(x.a.occurredAt, statsOf(x.a.userId).time_zone ?? PLATFORM_TIME_ZONE) }));
    const planDependsOnLedger = dated.filter((x) => x.rule.dailyCap !== null || statsOf(x.a.userId).has_held);
    const seen = planDependsOnLedger.length
      ? await this.repo.existingKeys(
          tx,
          planDependsOnLedger.map((x) => ({ userId: x.a.userId, ruleCode: x.rule.code, sourceEventId: x.a.sourceEventId })),
        )
      : new Set<string>();
    const fresh = dated.filter((x) => {
      const k = keyOf(x.a.userId, x.rule.code, x.a.sourceEventId);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (!fresh.length) return gained;

    // daily caps, in order: each award takes what is left of its rule's cap on its day
    const capped = fresh.filter((x) => x.rule.dailyCap !== null);
    const usedOnDay = capped.length
      ? await this.repo.xpOnDays(
          tx,
          capped.map((x) => ({ userId: x.a.userId, ruleCode: x.rule.code, day: x.day })),
        )
      : new Map<string, number>();
    const dropHeld: HeldReversal[] = [];
    const planned = fresh.map((x) => {
      let xp = x.rule.xp;
      if (x.rule.dailyCap !== null) {
        const k = `${x.a.userId}|${x.rule.code}|${x.day}`;
        const used = usedOnDay.get(k) ?? 0;
        xp = cappedXp(x.rule.xp, x.rule.dailyCap, used);
        usedOnDay.set(k, used + xp);
      }
      // its reversal may have been applied first (another consumer): the award is taken back at once
      const h = held.find(
        (r) =>
          r.user_id === x.a.userId &&
          r.occurred_at.getTime() >= x.a.occurredAt.getTime() &&
          ((r.scope === x.rule.code && r.key === x.a.sourceKey) ||
            (r.scope === 'course' && r.key === x.a.courseId && (COURSE_RULES as readonly string[]).includes(x.rule.code))),
      );
      // a refund covers every award of its course before it; an unacceptance undoes one acceptance
      if (h && h.scope !== 'course') {
        held.splice(held.indexOf(h), 1);
        dropHeld.push(h);
      }
      return { ...x, xp, heldBy: h ?? null };
    });
    const ids = await this.repo.insertEntries(
      tx,
      planned.map((x) => ({
        user_id: x.a.userId,
        rule_code: x.rule.code,
        xp: x.xp,
        source_event_id: x.a.sourceEventId,
        source_key: x.a.sourceKey,
        course_id: x.a.courseId ?? null,
        occurred_at: x.a.occurredAt,
        day: x.day,
      })),
    );
    const written = planned.flatMap((x, j) => (ids[j] ? [{ ...x, id: ids[j] }] : []));
    if (!written.length) return gained;
    await this.repo.insertEntries(
      tx,
      written.flatMap((x) =>
        x.heldBy
          ? [
              {
                user_id: x.a.userId,
                rule_code: x.rule.code,
                xp: -x.xp,
                source_event_id: `${x.heldBy.source_event_id}:${x.id}`,
                source_key: x.a.sourceKey,
                course_id: x.a.courseId ?? null,
                occurred_at: x.a.occurredAt,
                day: x.day,
                reverses: x.id,
              },
            ]
          : [],
      ),
    );
    await this.repo.dropHeldReversals(tx, dropHeld);
    for (const x of written) gained[x.i] = x.heldBy ? 0 : x.xp;

    // active days: the first award of each new day of a user earns the day bonus
    const firstOfDay = new Map<string, (typeof written)[number]>();
    for (const x of written) {
      const k = `${x.a.userId}|${x.day}`;
      if (x.rule.countsAsActivity && x.day !== statsOf(x.a.userId).last_active_day && !firstOfDay.has(k)) firstOfDay.set(k, x);
    }
    const newDays = await this.repo.addActivityDays(
      tx,
      [...firstOfDay.values()].map((x) => ({ userId: x.a.userId, day: x.day })),
    );
    const streaks = new Map<string, StreakState>();
    for (const userId of userIds) {
      const days = [...firstOfDay.values()]
        .filter((x) => x.a.userId === userId && newDays.has(`${userId}|${x.day}`))
        .map((x) => x.day)
        .sort();
      if (!days.length) continue;
      const s = statsOf(userId);
      let state: StreakState | null = {
        currentStreak: s.current_streak,
        longestStreak: s.longest_streak,
        lastActiveDay: s.last_active_day,
      };
      for (const day of days) state = state && afterActiveDay(state, day);
      // a day before the last active one (an event that arrived late) may join two runs
      streaks.set(userId, state ?? streaksOf(await this.repo.activityDays(tx, userId)));
    }
    const daily = rules.get(DAILY_ACTIVITY);
    if (daily?.active && newDays.size) {
      const bonuses = [...firstOfDay.values()].filter((x) => newDays.has(`${x.a.userId}|${x.day}`));
      const bonusIds = await this.repo.insertEntries(
        tx,
        bonuses.map((x) => ({
          user_id: x.a.userId,
          rule_code: daily.code,
          xp: daily.xp,
          source_event_id: `daily:${x.day}`,
          source_key: x.day,
          course_id: null,
          occurred_at: x.a.occurredAt,
          day: x.day,
        })),
      );
      bonuses.forEach((x, j) => {
        if (bonusIds[j]) gained[x.i] = (gained[x.i] ?? 0) + daily.xp;
      });
    }

    // the users' stats, levels, period totals and badges
    const changes: BadgeChange[] = [];
    const next: StatsRow[] = [];
    const totals: Array<{ userId: string; xp: number; at: Date }> = [];
    const levelsReached: Array<{ payload: EventPayload<typeof gamificationEvents.levelReached>; requestId: string | undefined }> = [];
    for (const userId of userIds) {
      const s = statsOf(userId);
      const mine = written.filter((x) => x.a.userId === userId);
      if (!mine.length) continue;
      const delta = mine.reduce((n, x) => n + (gained[x.i] ?? 0), 0);
      const streak = streaks.get(userId);
      const last = mine[mine.length - 1]!;
      const row = this.settled(s, delta, streak);
      next.push(row);
      if (row.level > s.highest_level)
        levelsReached.push({
          payload: { v: 1, user_id: userId, level: row.level, total_xp: row.total_xp, reached_at: last.a.occurredAt.toISOString() },
          requestId: last.a.requestId,
        });
      changes.push({
        userId,
        ruleCodes: new Set(mine.filter((x) => !x.heldBy).map((x) => x.rule.code)),
        streakGrew: row.longest_streak > s.longest_streak,
        levelGrew: row.level > s.level,
        longestStreak: row.longest_streak,
        level: row.level,
        earnedAt: last.a.occurredAt,
        requestId: last.a.requestId,
      });
      for (const x of mine) totals.push({ userId, xp: gained[x.i] ?? 0, at: x.a.occurredAt });
      this.touch(tx, userId);
    }
    await this.leaderboard.recordAwards(tx, totals);
    await writeEventsEach(tx, gamificationEvents.levelReached, levelsReached);
    await this.repo.saveStatsMany(tx, next);
    await this.badges.awardEarned(tx, changes, (ids) => this.repo.heldPerRuleMany(tx, ids));
    return gained;
  }

  private async takeBack(tx: EntityManager, stats: StatsRow, rows: LedgerRow[], sourceEventId: string, at: Date): Promise<{ xp: number }> {
    if (!rows.length) return { xp: 0 };
    const ids = await this.repo.insertEntries(
      tx,
      rows.map((row) => ({
        user_id: row.user_id,
        rule_code: row.rule_code,
        xp: -row.xp,
        // one reversal event may take back several awards (a course's lessons): each row its own key
        source_event_id: `${sourceEventId}:${row.id}`,
        source_key: row.source_key,
        course_id: row.course_id,
        occurred_at: row.occurred_at,
        day: row.day,
        reverses: row.id,
      })),
    );
    const taken = rows.filter((_, j) => ids[j]);
    const xp = taken.reduce((n, r) => n + r.xp, 0);
    if (xp === 0) return { xp: 0 };
    await this.repo.saveStatsMany(tx, [this.settled(stats, -xp, undefined)]);
    await this.leaderboard.recordAwards(
      tx,
      taken.map((r) => ({ userId: stats.user_id, xp: -r.xp, at: r.occurred_at })),
    );
    this.touch(tx, stats.user_id);
    this.log.debug(`took back ${xp} XP of ${stats.user_id} at ${at.toISOString()}`);
    return { xp: -xp };
  }

  /** The stats after `delta` XP and a new streak state; the best level reached never goes down. */
  private settled(s: StatsRow, delta: number, streak: StreakState | undefined): StatsRow {
    const total = Math.max(0, s.total_xp + delta);
    const level = levelOf(total);
    return {
      ...s,
      total_xp: total,
      level,
      highest_level: Math.max(s.highest_level, level),
      ...(streak
        ? {
            current_streak: streak.currentStreak,
            longest_streak: Math.max(s.longest_streak, streak.longestStreak),
            last_active_day: streak.lastActiveDay,
          }
        : {}),
    };
  }

  /**
   * The user's board rows are written again once `tx` commits: for a change of who may appear
   * (an account's role, deletion, or its first arrival in the users read model after its XP).
   */
  refreshBoardsAfterCommit(tx: EntityManager, userId: string): void {
    this.touch(tx, userId);
  }

  private touch(tx: EntityManager, userId: string): void {
    if (tx.queryRunner?.isTransactionActive) this.boardWrites.add(tx, userId);
  }

  /** Read through the caller's transaction: on a second connection, ten consumers at once could hold the whole pool waiting for it. */
  private async rules(tx: EntityManager): Promise<Map<string, XpRuleEntity>> {
    if (!this.rulesCache || Date.now() - this.rulesCache.at > RULES_TTL_MS) {
      this.rulesCache = { at: Date.now(), byCode: new Map((await this.repo.rules(tx)).map((r) => [r.code, r])) };
    }
    return this.rulesCache.byCode;
  }
}
