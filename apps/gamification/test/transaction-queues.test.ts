import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UnitOfWork } from '@lp/service-kit';
import { TransactionQueues } from '../src/common/transaction-queues.js';
import { GamificationHarness } from './support/gamification-harness.js';

let h: GamificationHarness;
let queues: TransactionQueues;
let uow: UnitOfWork;

beforeAll(async () => {
  h = await GamificationHarness.start();
  queues = h.svc.app.get(TransactionQueues);
  uow = h.svc.app.get(UnitOfWork);
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 30_000);

describe('work a transaction gathers', () => {
  it('runs before-commit queues one after the other inside the transaction, again while one adds to another, and after-commit work once it committed', async () => {
    const log: string[] = [];
    let active = 0;
    const second = queues.beforeCommit<string>(async (_tx, items) => {
      active += 1;
      expect(active).toBe(1); // never side by side with the first queue's work
      log.push(`second ${items.join(',')}`);
      active -= 1;
    });
    const first = queues.beforeCommit<string>(async (tx, items) => {
      active += 1;
      await new Promise((r) => setTimeout(r, 20));
      log.push(`first ${items.join(',')}`);
      // its work adds to the second queue, made before it: that runs too, before the commit
      second.add(tx, 'from-first');
      active -= 1;
    });
    const after = queues.afterCommit<string>((items) => log.push(`after ${items.join(',')}`));
    await uow.run(async (tx) => {
      first.add(tx, 'a');
      first.add(tx, 'b');
      second.add(tx, 'c');
      after.add(tx, 'd');
      log.push('body done');
    });
    expect(log).toEqual(['body done', 'second c', 'first a,b', 'second from-first', 'after d']);
  });

  it('forgets what a rolled-back transaction gathered, and refuses work outside a transaction', async () => {
    const done: string[] = [];
    const before = queues.beforeCommit<string>(async (_tx, items) => void done.push(...items));
    const after = queues.afterCommit<string>((items) => void done.push(...items));
    await expect(
      uow.run(async (tx) => {
        before.add(tx, 'x');
        after.add(tx, 'y');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await uow.run(async () => undefined);
    expect(done).toEqual([]);
    expect(() => before.add(h.ds.manager, 'z')).toThrow(/inside a transaction/);
  });
});
