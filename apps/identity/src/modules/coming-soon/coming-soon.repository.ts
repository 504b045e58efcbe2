import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ComingSoonSubscriptionEntity } from '../../entities/coming-soon-subscription.entity.js';

/** Data access for `coming_soon_subscriptions`. */
@Injectable()
export class ComingSoonRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async insertIfMissing(tx: EntityManager, email: string): Promise<void> {
    await tx.query('INSERT INTO coming_soon_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING', [email]);
  }

  findByEmail(email: string): Promise<ComingSoonSubscriptionEntity | null> {
    return this.ds.getRepository(ComingSoonSubscriptionEntity).findOneBy({ email: email.toLowerCase() });
  }
}
