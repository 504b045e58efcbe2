import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { queryRows } from '@lp/service-kit';
import { RevenueShareEntity } from '../../entities/revenue-share.entity.js';

export interface EarningsTotals {
  course_minor: number;
  session_minor: number;
}

/** Revenue shares: a sale's split between its recipient and the platform; data access only. */
@Injectable()
export class RevenueSharesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** the table's repository on the service's connection */
  private get rows(): Repository<RevenueShareEntity> {
    return this.ds.getRepository(RevenueShareEntity);
  }

  async insert(tx: EntityManager, share: Omit<RevenueShareEntity, 'id' | 'createdAt' | 'reversedAt'>): Promise<void> {
    await tx
      .createQueryBuilder()
      .insert()
      .into(RevenueShareEntity)
      .values({ ...share, reversedAt: null })
      .updateEntity(false)
      .execute();
  }

  forPayment(tx: EntityManager, paymentId: string): Promise<RevenueShareEntity | null> {
    return tx.getRepository(RevenueShareEntity).findOne({ where: { paymentId } });
  }

  async markReversed(tx: EntityManager, id: string, at: Date): Promise<void> {
    await tx.getRepository(RevenueShareEntity).update({ id }, { reversedAt: at });
  }

  latest(recipientId: string, limit: number): Promise<RevenueShareEntity[]> {
    return this.rows.find({ where: { recipientId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** What a recipient kept, by kind of sale, in one currency (reversed shares excluded). */
  async totals(recipientId: string, currency: string): Promise<EarningsTotals> {
    const [row] = await queryRows<EarningsTotals>(
      this.rows.manager,
      `SELECT coalesce(sum(recipient_minor) FILTER (WHERE item_type = 'course'), 0)::bigint AS course_minor,
              coalesce(sum(recipient_minor) FILTER (WHERE item_type = 'session'), 0)::bigint AS session_minor
         FROM revenue_shares WHERE recipient_id = $1 AND currency = $2 AND reversed_at IS NULL`,
      [recipientId, currency],
    );
    return row ?? { course_minor: 0, session_minor: 0 };
  }

  /** Monthly sums since `from` (aggregate: one statement over the recipient's index). */
  monthly(
    recipientId: string,
    currency: string,
    from: Date,
  ): Promise<Array<{ month: string; course_minor: number; session_minor: number }>> {
    return queryRows(
      this.rows.manager,
      `SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
              coalesce(sum(recipient_minor) FILTER (WHERE item_type = 'course'), 0)::bigint AS course_minor,
              coalesce(sum(recipient_minor) FILTER (WHERE item_type = 'session'), 0)::bigint AS session_minor
         FROM revenue_shares
        WHERE recipient_id = $1 AND currency = $2 AND reversed_at IS NULL AND created_at >= $3
        GROUP BY 1 ORDER BY 1`,
      [recipientId, currency, from],
    );
  }
}
