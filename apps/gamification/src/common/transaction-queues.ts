import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';

/** a query runner's depth of nested transactions (TypeORM keeps it protected): 1 is the outermost */
const depthOf = (qr: QueryRunner) => (qr as unknown as { transactionDepth: number }).transactionDepth;

/** Items one transaction gathered for a queue. */
export interface TransactionQueue<T> {
  /** Adds an item to the queue of `tx`'s transaction. */
  add(tx: EntityManager, item: T): void;
  /** Does the queue's work for `tx` now (what it gathered so far), inside the transaction; a before-commit queue only. */
  flush(tx: EntityManager): Promise<void>;
}

interface Queue {
  readonly items: WeakMap<QueryRunner, unknown[]>;
  readonly before: boolean;
  readonly work: (tx: EntityManager, items: unknown[]) => Promise<void> | void;
}

/**
 * Work a transaction gathers while it runs and does at once: an event consumer applies up to 64
 * events in one transaction, and one statement for all of them costs what one costs for each
 * (benchmark (i): a socket write is ~0.15 ms here, so round trips, not rows, are the price).
 *
 * - before commit: inside the transaction, just before it commits, one queue after the other
 *   in the order they were made, again until none has work left (one queue's work may add to
 *   another's). One after the other on purpose: TypeORM runs its subscribers' hooks side by
 *   side, and two of them applying awards to one user at once would lose an update.
 * - after commit: once it committed (not awaited: the commit and the consumer's ack wait for
 *   nothing else); a rollback forgets both kinds.
 */
@Injectable()
export class TransactionQueues implements OnModuleInit {
  private readonly queues: Queue[] = [];

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  onModuleInit(): void {
    this.ds.subscribers.push({
      beforeTransactionCommit: async (e) => {
        if (depthOf(e.queryRunner) !== 1) return; // a savepoint: the outer transaction goes on
        for (let busy = true; busy;) {
          busy = false;
          for (const q of this.queues) if (q.before && (await this.run(q, e.queryRunner))) busy = true;
        }
      },
      afterTransactionCommit: (e) => {
        if (e.queryRunner.isTransactionActive) return;
        for (const q of this.queues) if (!q.before) void this.run(q, e.queryRunner);
      },
      afterTransactionRollback: (e) => {
        if (e.queryRunner.isTransactionActive) return;
        for (const q of this.queues) q.items.delete(e.queryRunner);
      },
    });
  }

  /** A queue whose work runs inside the transaction, just before it commits; a failure fails the commit. */
  beforeCommit<T>(work: (tx: EntityManager, items: T[]) => Promise<void>): TransactionQueue<T> {
    return this.make(true, work as Queue['work']);
  }

  /** A queue whose work runs once the transaction committed; it must not throw (nobody waits for it). */
  afterCommit<T>(work: (items: T[]) => void): TransactionQueue<T> {
    return this.make(false, (_tx, items) => work(items as T[]));
  }

  private make(before: boolean, work: Queue['work']): TransactionQueue<never> {
    const q: Queue = { items: new WeakMap(), before, work };
    this.queues.push(q);
    return {
      add: (tx, item) => {
        const qr = tx.queryRunner;
        if (!qr?.isTransactionActive) throw new Error('transaction work is queued inside a transaction');
        let list = q.items.get(qr);
        if (!list) q.items.set(qr, (list = []));
        list.push(item);
      },
      flush: async (tx) => {
        if (!q.before) throw new Error('only before-commit work is done inside the transaction');
        if (tx.queryRunner) await this.run(q, tx.queryRunner);
      },
    };
  }

  /** The queue's work for the runner's items, taken off first (work that adds more runs again); answers whether there was any. */
  private async run(q: Queue, qr: QueryRunner): Promise<boolean> {
    const list = q.items.get(qr);
    if (!list?.length) return false;
    q.items.delete(qr);
    await q.work(qr.manager, list);
    return true;
  }
}
