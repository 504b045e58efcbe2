import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, LessThan, type EntityManager, type Repository } from 'typeorm';
import { fromRow } from '@lp/service-kit';
import { TransactionEntity, type TransactionStatus } from '../../entities/transaction.entity.js';

export type NewTransaction = Pick<
  TransactionEntity,
  'userId' | 'type' | 'direction' | 'status' | 'amountMinor' | 'currency' | 'description'
> &
  Partial<
    Pick<
      TransactionEntity,
      | 'id'
      | 'paymentMethod'
      | 'provider'
      | 'providerRef'
      | 'checkoutUrl'
      | 'itemType'
      | 'itemId'
      | 'paymentId'
      | 'recipientId'
      | 'details'
      | 'expiresAt'
      | 'completedAt'
    >
  >;

/** The transactions people see; data access only. */
@Injectable()
export class TransactionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** the table's repository on the service's connection */
  private get rows(): Repository<TransactionEntity> {
    return this.ds.getRepository(TransactionEntity);
  }

  /** One INSERT ... RETURNING (on the payment path: no save() bookkeeping). */
  async insert(tx: EntityManager, t: NewTransaction): Promise<TransactionEntity> {
    const r = await tx
      .createQueryBuilder()
      .insert()
      .into(TransactionEntity)
      .values({ ...t, details: (t.details ?? {}) as object })
      .returning('*')
      .updateEntity(false)
      .execute();
    return fromRow(tx, TransactionEntity, (r.raw as Array<Record<string, unknown>>)[0]!);
  }

  async setCheckout(tx: EntityManager, id: string, providerRef: string, checkoutUrl: string | null): Promise<void> {
    await tx.getRepository(TransactionEntity).update({ id }, { providerRef, checkoutUrl });
  }

  findById(id: string, tx?: EntityManager): Promise<TransactionEntity | null> {
    return (tx ? tx.getRepository(TransactionEntity) : this.rows).findOne({ where: { id } });
  }

  /** the row, locked for the rest of the transaction (a payment settled by one path at a time) */
  lock(tx: EntityManager, id: string): Promise<TransactionEntity | null> {
    return tx.getRepository(TransactionEntity).createQueryBuilder('t').where('t.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  findByProviderRef(provider: string, ref: string, tx?: EntityManager): Promise<TransactionEntity | null> {
    return (tx ? tx.getRepository(TransactionEntity) : this.rows).findOne({ where: { provider, providerRef: ref } });
  }

  async listForUser(
    userId: string,
    opts: { limit: number; offset: number; currency?: string | undefined },
  ): Promise<{ rows: TransactionEntity[]; total: number }> {
    const [rows, total] = await this.rows.findAndCount({
      where: { userId, ...(opts.currency ? { currency: opts.currency } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: opts.limit,
      skip: opts.offset,
    });
    return { rows, total };
  }

  /** Moves a row out of one of `from` into `to`, once: null when another path got there first. */
  async transition(
    tx: EntityManager,
    id: string,
    from: TransactionStatus[],
    to: TransactionStatus,
    at: Date,
  ): Promise<TransactionEntity | null> {
    const result = await tx
      .createQueryBuilder()
      .update(TransactionEntity)
      .set({ status: to, ...(to === 'completed' ? { completedAt: at } : {}) })
      .where({ id, status: In(from) })
      .returning('*')
      .execute();
    const raw = (result.raw as Array<Record<string, unknown>>)[0];
    return raw ? this.findById(id, tx) : null;
  }

  /** A provider payment for something already bought becomes a top-up of the payer's wallet. */
  async convertToDeposit(tx: EntityManager, id: string, description: string, at: Date): Promise<TransactionEntity | null> {
    const result = await tx
      .createQueryBuilder()
      .update(TransactionEntity)
      .set({ type: 'deposit', direction: 'credit', status: 'completed', description, completedAt: at })
      .where({ id, status: In(['pending', 'expired']) })
      .execute();
    return result.affected ? this.findById(id, tx) : null;
  }

  /** Provider payments and top-ups still pending after their expiry. */
  expiredPending(now: Date, limit: number): Promise<TransactionEntity[]> {
    return this.rows.find({
      where: { status: 'pending', expiresAt: LessThan(now), type: In(['payment', 'deposit']) },
      order: { expiresAt: 'ASC' },
      take: limit,
    });
  }

  /** Provider payments pending since before `before`: asked about at the provider. */
  stalePending(before: Date, limit: number): Promise<TransactionEntity[]> {
    return this.rows.find({
      where: { status: 'pending', createdAt: LessThan(before), type: In(['payment', 'deposit']) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  /** Withdrawals whose payout job has not settled them by `before` (a lost job is run again). */
  stuckWithdrawals(before: Date, limit: number): Promise<TransactionEntity[]> {
    return this.rows.find({
      where: { status: 'pending', type: 'withdrawal', createdAt: LessThan(before) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  async hasDeposit(tx: EntityManager, userId: string, description: string): Promise<boolean> {
    return tx.getRepository(TransactionEntity).exists({ where: { userId, type: 'deposit', description } });
  }

  /** Rows tied to a payment (its earning, its refunds). */
  forPayment(paymentId: string, tx?: EntityManager): Promise<TransactionEntity[]> {
    return (tx ? tx.getRepository(TransactionEntity) : this.rows).find({ where: { paymentId } });
  }
}
