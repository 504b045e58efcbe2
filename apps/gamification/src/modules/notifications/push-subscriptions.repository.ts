import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PUSH_SUBSCRIPTIONS_PER_USER, type PushSubscriptionBody } from '@lp/contracts';
import { queryRows, type Db } from '@lp/service-kit';
import { PushSubscriptionEntity } from '../../entities/push-subscription.entity.js';

/** Data access for the browsers users allowed Web Push in; no rules here. */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Keeps the subscription for the user: an endpoint another account held moves to this one (it
   * is one browser profile, now signed in as someone else), and past the cap the user's oldest
   * ones go, so the browser subscribing now always works.
   */
  async save(tx: EntityManager, userId: string, s: PushSubscriptionBody): Promise<void> {
    await tx.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
      [userId, s.endpoint, s.keys.p256dh, s.keys.auth],
    );
    await tx.query(
      `DELETE FROM push_subscriptions WHERE id IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id OFFSET $2)`,
      [userId, PUSH_SUBSCRIPTIONS_PER_USER],
    );
  }

  /** Deletes the user's subscription at `endpoint`; false when it was not theirs or is gone. */
  async deleteOfUser(tx: EntityManager, userId: string, endpoint: string): Promise<boolean> {
    const r = await tx.getRepository(PushSubscriptionEntity).delete({ userId, endpoint });
    return !!r.affected;
  }

  /** Deletes the subscription at `endpoint` whoever holds it (its push service said it is gone). */
  async deleteEndpoint(endpoint: string): Promise<boolean> {
    const r = await this.ds.getRepository(PushSubscriptionEntity).delete({ endpoint });
    return !!r.affected;
  }

  async count(userId: string, db: Db = this.ds): Promise<number> {
    const [row] = await queryRows<{ n: number }>(db, 'SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
    return row?.n ?? 0;
  }

  ofUser(userId: string): Promise<PushSubscriptionEntity[]> {
    return this.ds.getRepository(PushSubscriptionEntity).find({ where: { userId }, order: { createdAt: 'DESC' } });
  }
}
