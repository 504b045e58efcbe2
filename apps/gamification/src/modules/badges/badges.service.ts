import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { gamificationEvents, gamificationRoutes, type RouteOutput } from '@lp/contracts';
import { writeEventsEach } from '@lp/bus';
import { Handles, currentCaller } from '@lp/service-kit';
import type { BadgeDefinitionEntity } from '../../entities/badge-definition.entity.js';
import { describeCriteria, meets, type UserCounts } from './badge-criteria.js';
import { BadgesRepository } from './badges.repository.js';

type R = typeof gamificationRoutes;

const DEFINITIONS_TTL_MS = 60_000;

/** What an award changed for one user, as the badges see it. */
export interface BadgeChange {
  userId: string;
  /** the rules awarded */
  ruleCodes: ReadonlySet<string>;
  streakGrew: boolean;
  levelGrew: boolean;
  longestStreak: number;
  level: number;
  earnedAt: Date;
  /** the request the award belongs to (its events carry it) */
  requestId?: string | undefined;
}

const toBadge = (d: BadgeDefinitionEntity) => ({ code: d.code, name: d.name, description: d.description, icon: d.icon });

/** Badges: their catalogue, the admin's view, and awarding them (once) when a user's counts meet their criteria. */
@Injectable()
export class BadgesService {
  private cache: { at: number; defs: BadgeDefinitionEntity[] } | null = null;

  constructor(@Inject(BadgesRepository) private readonly badges: BadgesRepository) {}

  /**
   * Inside an award's transaction, for every user whose XP just moved: each active badge the
   * user does not hold yet and now meets is theirs, announced once (gamification.badge.earned)
   * through the outbox. Only badges the change can have moved are judged (a count badge of an
   * awarded rule, a streak badge when the longest streak grew, a level badge when the level
   * did), so most awards read nothing more; the rest is read for all the users at once.
   */
  async awardEarned(
    tx: EntityManager,
    changes: readonly BadgeChange[],
    counts: (userIds: readonly string[]) => Promise<Map<string, Record<string, number>>>,
  ): Promise<Array<{ userId: string; code: string }>> {
    const defs = await this.activeDefinitions(tx);
    const candidates = new Map<string, { change: BadgeChange; defs: BadgeDefinitionEntity[] }>();
    for (const change of changes) {
      const relevant = defs.filter((d) => {
        const c = d.criteria;
        if (c.kind === 'count') return c.rules.some((r) => change.ruleCodes.has(r));
        if (c.kind === 'streak') return change.streakGrew;
        if (c.kind === 'level') return change.levelGrew;
        return false;
      });
      if (relevant.length) candidates.set(change.userId, { change, defs: relevant });
    }
    if (!candidates.size) return [];
    const held = await this.badges.earnedBy(tx, [...candidates.keys()]);
    for (const [userId, c] of candidates) {
      c.defs = c.defs.filter((d) => !held.get(userId)?.has(d.code));
      if (!c.defs.length) candidates.delete(userId);
    }
    if (!candidates.size) return [];
    const perRule = await counts([...candidates.keys()]);
    const wins: Array<{ userId: string; def: BadgeDefinitionEntity; change: BadgeChange }> = [];
    for (const [userId, { change, defs: open }] of candidates) {
      const u: UserCounts = { rules: perRule.get(userId) ?? {}, longestStreak: change.longestStreak, level: change.level };
      for (const d of open) if (meets(d.criteria, u)) wins.push({ userId, def: d, change });
    }
    if (!wins.length) return [];
    const fresh = await this.badges.awardMany(
      tx,
      wins.map((w) => ({ userId: w.userId, badgeCode: w.def.code, earnedAt: w.change.earnedAt })),
    );
    const earned = wins.filter((w) => fresh.has(`${w.userId}|${w.def.code}`));
    await writeEventsEach(
      tx,
      gamificationEvents.badgeEarned,
      earned.map((w) => ({
        payload: {
          v: 1,
          user_id: w.userId,
          badge_code: w.def.code,
          badge_name: w.def.name,
          icon: w.def.icon,
          earned_at: w.change.earnedAt.toISOString(),
        },
        requestId: w.change.requestId,
      })),
    );
    return earned.map((w) => ({ userId: w.userId, code: w.def.code }));
  }

  /**
   * Badges are data that changes by migration only; a minute's cache spares a read per award.
   * Read through the award's transaction: on a second connection, award transactions holding
   * every connection of the pool waited for one forever (seen with three at once per event type).
   */
  private async activeDefinitions(tx: EntityManager): Promise<BadgeDefinitionEntity[]> {
    if (!this.cache || Date.now() - this.cache.at > DEFINITIONS_TTL_MS)
      this.cache = { at: Date.now(), defs: await this.badges.definitions(true, tx) };
    return this.cache.defs;
  }

  /** The badges a user holds, oldest first, with when each was earned. */
  async earnedBy(userId: string): Promise<Array<ReturnType<typeof toBadge> & { earned_at: string }>> {
    const [defs, earned] = await Promise.all([this.badges.definitions(false), this.badges.earned(userId)]);
    const byCode = new Map(defs.map((d) => [d.code, d]));
    return earned.flatMap((e) => {
      const d = byCode.get(e.badgeCode);
      return d ? [{ ...toBadge(d), earned_at: e.earnedAt.toISOString() }] : [];
    });
  }

  /** Every badge that can be earned, and whether (and when) the caller earned it; a retired badge shows only to those who hold it. */
  @Handles(gamificationRoutes.badges)
  async catalogue(): Promise<RouteOutput<R['badges']>> {
    const [defs, earned] = await Promise.all([this.badges.definitions(false), this.badges.earned(currentCaller().userId)]);
    const when = new Map(earned.map((e) => [e.badgeCode, e.earnedAt]));
    return defs
      .filter((d) => d.active || when.has(d.code))
      .map((d) => ({ ...toBadge(d), criteria: describeCriteria(d.criteria), earned_at: when.get(d.code)?.toISOString() ?? null }));
  }

  @Handles(gamificationRoutes.adminBadges)
  async adminList(): Promise<RouteOutput<R['adminBadges']>> {
    const [defs, counts] = await Promise.all([this.badges.definitions(false), this.badges.awardedCounts()]);
    return defs.map((d) => ({ ...toBadge(d), criteria: describeCriteria(d.criteria), awarded: counts.get(d.code) ?? 0 }));
  }
}
