import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { gamificationInternal } from '@lp/contracts';
import { HandlesInternal, UnitOfWork } from '@lp/service-kit';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { XpLedgerService } from '../xp/xp-ledger.service.js';

type I = typeof gamificationInternal;

/**
 * Demo data for `npm start`, over the bus (developmentOnly in app.module.ts: production does
 * not even construct it). XP goes through the one award path, so the ledger, stats, streaks,
 * badges, period totals, leagues and boards are what real events would have made; the
 * 'seed:…' source ids are the ledger's key, so a second seeding adds nothing.
 */
@Injectable()
export class SeedHandlers {
  constructor(
    @Inject(XpLedgerService) private readonly xp: XpLedgerService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(LeaderboardService) private readonly boards: LeaderboardService,
  ) {}

  @HandlesInternal(gamificationInternal.seedXp)
  async seedXp(req: z.infer<I['seedXp']['request']>): Promise<z.infer<I['seedXp']['response']>> {
    // one transaction, applied together in the given (chronological) order: streaks and daily bonuses come out as they would have
    return this.uow.run(async (tx) => {
      const gained = await this.xp.awardMany(
        tx,
        req.awards.map((a) => ({
          userId: req.user_id,
          ruleCode: a.rule_code,
          sourceEventId: a.source_id,
          sourceKey: a.source_key,
          occurredAt: new Date(a.occurred_at),
        })),
      );
      return { applied: gained.filter((xp) => xp !== 0).length, xp: gained.reduce((n, xp) => n + xp, 0) };
    });
  }

  /**
   * Benchmark (i) times the boards' recovery after Redis lost them: the period totals recomputed
   * from the ledger and every current board rebuilt from them, each step timed here so the
   * figures are the service's work and not the bus round trip.
   */
  @HandlesInternal(gamificationInternal.rebuildBoards)
  async rebuildBoards(): Promise<z.infer<I['rebuildBoards']['response']>> {
    const t0 = performance.now();
    const totals = await this.boards.rebuildTotalsFromLedger();
    const t1 = performance.now();
    await this.boards.rebuildAll();
    return { totals, totals_ms: t1 - t0, boards_ms: performance.now() - t1 };
  }
}
