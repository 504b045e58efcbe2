import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '@lp/service-kit';
import { BadgeDefinitionEntity } from '../../entities/badge-definition.entity.js';
import { UserBadgeEntity } from '../../entities/user-badge.entity.js';

/** Data access for badge_definitions and user_badges; no rules here. */
@Injectable()
export class BadgesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Every badge, in display order; `activeOnly` for what can still be earned; `tx` inside a transaction (never a second connection of the pool). */
  definitions(activeOnly: boolean, tx: EntityManager = this.ds.manager): Promise<BadgeDefinitionEntity[]> {
    return tx.getRepository(BadgeDefinitionEntity).find({ where: activeOnly ? { active: true } : {}, order: { sort: 'ASC', code: 'ASC' } });
  }

  earned(userId: string, tx?: EntityManager): Promise<UserBadgeEntity[]> {
    return (tx ?? this.ds.manager).getRepository(UserBadgeEntity).find({ where: { userId }, order: { earnedAt: 'ASC', badgeCode: 'ASC' } });
  }

  /** The badge codes each user holds. */
  async earnedBy(tx: EntityManager, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
    const rows = await queryRows<{ user_id: string; badge_code: string }>(
      tx,
      'SELECT user_id, badge_code FROM user_badges WHERE user_id = ANY($1::uuid[])',
      [userIds],
    );
    const out = new Map<string, Set<string>>();
    for (const r of rows) out.set(r.user_id, (out.get(r.user_id) ?? new Set()).add(r.badge_code));
    return out;
  }

  /** Awards badges in one statement; answers those new to their user (the key keeps each once), as "user|code". */
  async awardMany(tx: EntityManager, rows: ReadonlyArray<{ userId: string; badgeCode: string; earnedAt: Date }>): Promise<Set<string>> {
    const inserted = await queryRows<{ k: string }>(
      tx,
      `INSERT INTO user_badges (user_id, badge_code, earned_at) SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[])
       ON CONFLICT DO NOTHING RETURNING user_id || '|' || badge_code AS k`,
      [rows.map((r) => r.userId), rows.map((r) => r.badgeCode), rows.map((r) => r.earnedAt)],
    );
    return new Set(inserted.map((r) => r.k));
  }

  /** How many people earned each badge. */
  async awardedCounts(): Promise<Map<string, number>> {
    const rows = await queryRows<{ badge_code: string; n: number }>(
      this.ds,
      'SELECT badge_code, count(*) AS n FROM user_badges GROUP BY badge_code',
    );
    return new Map(rows.map((r) => [r.badge_code, r.n]));
  }
}
