import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PromotionCreditEntity } from '../../entities/promotion-credit.entity.js';

export type NewPromotionCredit = Pick<
  PromotionCreditEntity,
  'idempotencyKey' | 'userId' | 'amountMinor' | 'currency' | 'reason' | 'transactionId'
>;

/** Promotional credits, one per caller's key; data access only. */
@Injectable()
export class PromotionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Claims the key in the caller's transaction: true when this transaction owns it now. A
   * concurrent claim of the same key waits on the primary key until the first commits (then
   * false) or rolls back (then true): the credit is paid once.
   */
  async claim(tx: EntityManager, c: NewPromotionCredit): Promise<boolean> {
    const r = await tx
      .createQueryBuilder()
      .insert()
      .into(PromotionCreditEntity)
      .values(c)
      .orIgnore()
      .returning('idempotency_key')
      .updateEntity(false)
      .execute();
    return (r.raw as unknown[]).length > 0;
  }

  find(key: string, tx?: EntityManager): Promise<PromotionCreditEntity | null> {
    return (tx ?? this.ds.manager).getRepository(PromotionCreditEntity).findOneBy({ idempotencyKey: key });
  }
}
