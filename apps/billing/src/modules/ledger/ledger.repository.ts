import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Currency } from '@lp/contracts';
import { isCheckViolation } from '@lp/service-kit';
import { AccountEntity, type AccountKind } from '../../entities/account.entity.js';
import { LedgerEntryEntity } from '../../entities/ledger-entry.entity.js';
import type { JournalKind } from '../../entities/ledger-journal.entity.js';

/** Whose account: a person's (wallet, withdrawal hold), a provider's clearing, the platform's revenue or promotions. */
export type AccountRef =
  | { kind: 'wallet' | 'withdrawal_hold'; ownerId: string; currency: Currency }
  | { kind: 'provider_clearing'; provider: string; currency: Currency }
  | { kind: 'platform_revenue'; currency: Currency }
  | { kind: 'platform_promotions'; currency: Currency };

/**
 * One side of a movement: a signed amount in minor units (positive credits the account).
 * `demo`, the part of it that is demo money (same sign), when the caller knows it: a real
 * payout takes 0, a payout or a refund gives back what it held. `'rest'`: whatever makes the
 * journal's demo parts sum to zero (the platform's leg of a refund). Left out, post() decides
 * (see there).
 */
export interface Leg {
  account: AccountRef;
  amount: number;
  demo?: number | 'rest';
}

const isBalanced = (ref: AccountRef): boolean => ref.kind === 'wallet' || ref.kind === 'withdrawal_hold';
/** the demo provider's clearing: money taken out of it was never real */
const isDemoSource = (ref: AccountRef): boolean => ref.kind === 'provider_clearing' && ref.provider === 'demo';

export const accountKey = (ref: AccountRef): string => {
  switch (ref.kind) {
    case 'wallet':
    case 'withdrawal_hold':
      return `${ref.kind}:${ref.ownerId}:${ref.currency}`;
    case 'provider_clearing':
      return `${ref.kind}:${ref.provider}:${ref.currency}`;
    case 'platform_revenue':
    case 'platform_promotions':
      return `${ref.kind}:${ref.currency}`;
  }
};

/** Account rows whose balance disagrees with their entries, or a guarded balance below zero. */
export interface InvariantViolation {
  account_id: string;
  key: string;
  balance: number;
  entries_sum: number;
}

/**
 * The double-entry ledger: accounts, journals, entries. Data access only; the database holds
 * the rules (migration LedgerRules): each entry moves its account's balance on insert, a
 * wallet never goes below zero (CHECK accounts_balance_non_negative), a journal sums to zero
 * per currency at commit, nothing is updated or deleted.
 */
@Injectable()
export class LedgerRepository {
  /** accounts are never deleted, so their ids are remembered: a payment needs no lookups */
  private readonly ids = new Map<string, string>();

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * The account's id, created on first use, in the caller's transaction (never a second
   * connection while one is held: under load that starves the pool). Concurrent first uses
   * meet on the unique key. Only an id that existed before this transaction is remembered:
   * one created here would vanish if the transaction rolls back.
   */
  async accountId(tx: EntityManager, ref: AccountRef): Promise<string> {
    const key = accountKey(ref);
    const known = this.ids.get(key);
    if (known) return known;
    const ownerId = ref.kind === 'wallet' || ref.kind === 'withdrawal_hold' ? ref.ownerId : null;
    const created = await tx
      .createQueryBuilder()
      .insert()
      .into(AccountEntity)
      .values({ key, kind: ref.kind as AccountKind, ownerId, currency: ref.currency })
      .orIgnore()
      .returning(['id'])
      .updateEntity(false)
      .execute();
    const mine = (created.raw as Array<{ id: string }>)[0]?.id;
    if (mine) return mine;
    const row = await tx.getRepository(AccountEntity).findOneOrFail({ where: { key }, select: { id: true } });
    this.ids.set(key, row.id);
    return row.id;
  }

  /**
   * Posts one journal. The legs must sum to zero per currency (checked here for a clear
   * message, and again by the database at commit). Entries go in ordered by account id, so
   * two movements touching the same wallets lock them in the same order and never deadlock.
   * A wallet that would go below zero fails the statement with accounts_balance_non_negative.
   *
   * Demo money (what came in through the demo checkout) follows the money: a leg out of the
   * demo provider's clearing is all demo; a leg out of a person's account without a `demo` of
   * its own spends their demo money first (real money stays withdrawable), read under the
   * row lock; the journal's demo money then goes to its credit legs, people's accounts first
   * (a sale paid with demo money is a demo earning), the rest to the platform's. The database
   * keeps each account's demo part within its balance and refuses demo money on a real
   * provider's or payout rail's clearing.
   */
  async post(
    tx: EntityManager,
    journal: { kind: JournalKind; transactionId: string | null; description: string },
    legs: Leg[],
  ): Promise<string> {
    const sums = new Map<string, number>();
    for (const leg of legs) {
      if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new Error(`ledger leg of ${leg.amount} minor units`);
      sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0) + leg.amount);
    }
    for (const [currency, sum] of sums) if (sum !== 0) throw new Error(`ledger journal ${journal.kind} is off by ${sum} ${currency}`);
    const resolved: Array<{ accountId: string; currency: string; amount: number; demo: number }> = [];
    const ids: string[] = [];
    for (const l of legs) ids.push(await this.accountId(tx, l.account));
    const demo = await this.demoParts(tx, legs, ids);
    legs.forEach((l, i) => resolved.push({ accountId: ids[i]!, currency: l.account.currency, amount: l.amount, demo: demo[i]! }));
    // one entry per account: legs on the same account are merged (and dropped when they cancel out)
    const merged = new Map<string, { accountId: string; currency: string; amount: number; demo: number }>();
    for (const r of resolved) {
      const m = merged.get(r.accountId);
      if (m) {
        m.amount += r.amount;
        m.demo += r.demo;
      } else merged.set(r.accountId, { ...r });
    }
    const entries = [...merged.values()].filter((e) => e.amount !== 0).sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
    const [row] = (await tx.query('INSERT INTO ledger_journals (kind, transaction_id, description) VALUES ($1, $2, $3) RETURNING id', [
      journal.kind,
      journal.transactionId,
      journal.description,
    ])) as Array<{ id: string }>;
    const journalId = row!.id;
    if (entries.length === 0) return journalId;
    await tx
      .createQueryBuilder()
      .insert()
      .into(LedgerEntryEntity)
      .values(entries.map((e) => ({ journalId, accountId: e.accountId, currency: e.currency, amount: e.amount, demoAmount: e.demo })))
      .updateEntity(false)
      .execute();
    return journalId;
  }

  /** The demo part of each leg (see post). */
  private async demoParts(tx: EntityManager, legs: Leg[], ids: string[]): Promise<number[]> {
    const parts: Array<number | null> = legs.map((l) => {
      if (typeof l.demo === 'number') return l.demo;
      if (l.demo === 'rest') return null;
      if (l.amount < 0 && isDemoSource(l.account)) return l.amount;
      if (l.amount < 0 && !isBalanced(l.account)) return 0;
      return null;
    });
    // people's accounts spent without a demo part of their own: their demo money first, read under the row lock
    const spending = legs
      .map((l, i) => (parts[i] === null && l.amount < 0 && l.demo === undefined && isBalanced(l.account) ? i : -1))
      .filter((i) => i >= 0);
    if (spending.length > 0) {
      // every person's account of the journal, locked in id order: the order the entries lock them in anyway
      const balanced = [...new Set(ids.filter((_, i) => isBalanced(legs[i]!.account)))].sort();
      const rows = (await tx.query('SELECT id, demo_balance FROM accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [
        balanced,
      ])) as Array<{ id: string; demo_balance: string | number }>;
      const left = new Map(rows.map((r) => [r.id, Number(r.demo_balance)]));
      for (const i of spending) {
        const take = Math.min(-legs[i]!.amount, left.get(ids[i]!) ?? 0);
        left.set(ids[i]!, (left.get(ids[i]!) ?? 0) - take);
        parts[i] = -take;
      }
    }
    // the journal's demo money per currency goes to the credit legs without a part: people's accounts first, then the rest
    for (const currency of new Set(legs.map((l) => l.account.currency))) {
      const idx = legs.map((l, i) => (l.account.currency === currency ? i : -1)).filter((i) => i >= 0);
      const rest = idx.find((i) => legs[i]!.demo === 'rest');
      let owed = -idx.reduce((s, i) => s + (parts[i] ?? 0), 0);
      const open = idx.filter((i) => parts[i] === null && i !== rest);
      for (const i of [...open.filter((i) => isBalanced(legs[i]!.account)), ...open.filter((i) => !isBalanced(legs[i]!.account))]) {
        const give = Math.max(0, Math.min(owed, legs[i]!.amount));
        parts[i] = give;
        owed -= give;
      }
      if (rest !== undefined) parts[rest] = owed;
      else if (owed !== 0) throw new Error(`ledger journal's demo money is off by ${owed} ${currency}`);
    }
    return parts.map((p) => p ?? 0);
  }

  /** The demo part of a journal's entries on one account (what a withdrawal held, a payment spent). */
  async demoOf(tx: EntityManager, transactionId: string, kind: JournalKind, ref: AccountRef): Promise<number> {
    const rows = (await tx.query(
      `SELECT coalesce(sum(e.demo_amount), 0)::bigint AS demo FROM ledger_entries e
         JOIN ledger_journals j ON j.id = e.journal_id JOIN accounts a ON a.id = e.account_id
        WHERE j.transaction_id = $1 AND j.kind = $2 AND a.key = $3`,
      [transactionId, kind, accountKey(ref)],
    )) as Array<{ demo: string | number }>;
    return Number(rows[0]?.demo ?? 0);
  }

  /** The demo part a journal took from its debit legs (what a payment was paid with), positive. */
  async demoSpent(tx: EntityManager, transactionId: string, kind: JournalKind): Promise<number> {
    const rows = (await tx.query(
      `SELECT coalesce(-sum(e.demo_amount), 0)::bigint AS demo FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
        WHERE j.transaction_id = $1 AND j.kind = $2 AND e.amount < 0`,
      [transactionId, kind],
    )) as Array<{ demo: string | number }>;
    return Number(rows[0]?.demo ?? 0);
  }

  /** A person's wallet and withdrawal-hold accounts, every currency. */
  ownAccounts(userId: string, tx?: EntityManager): Promise<AccountEntity[]> {
    return (tx ?? this.ds.manager).getRepository(AccountEntity).find({ where: { ownerId: userId }, order: { currency: 'ASC' } });
  }

  /** The wallet's balance in minor units (0 when it has none yet); `lock` holds the row for the transaction. */
  async walletBalance(tx: EntityManager, userId: string, currency: Currency, lock = false): Promise<number> {
    const qb = tx
      .getRepository(AccountEntity)
      .createQueryBuilder('a')
      .select(['a.id', 'a.balance'])
      .where('a.key = :key', {
        key: accountKey({ kind: 'wallet', ownerId: userId, currency }),
      });
    const row = await (lock ? qb.setLock('pessimistic_write') : qb).getOne();
    return row?.balance ?? 0;
  }

  /** What of the wallet's balance is real money (not demo funds): what a real payout rail may take. */
  async walletRealBalance(tx: EntityManager, userId: string, currency: Currency): Promise<number> {
    const row = await tx
      .getRepository(AccountEntity)
      .createQueryBuilder('a')
      .select(['a.id', 'a.balance', 'a.demoBalance'])
      .where('a.key = :key', { key: accountKey({ kind: 'wallet', ownerId: userId, currency }) })
      .getOne();
    return row ? Number(row.balance) - Number(row.demoBalance) : 0;
  }

  /** Sum of an account's entries (the platform's accounts keep no balance on their row). */
  async entriesSum(ref: AccountRef): Promise<number> {
    const rows = (await this.ds.query(
      'SELECT coalesce(sum(e.amount), 0)::bigint AS sum FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE a.key = $1',
      [accountKey(ref)],
    )) as Array<{ sum: number }>;
    return rows[0]?.sum ?? 0;
  }

  /**
   * Every guarded account whose balance is not the sum of its entries or is below zero, and
   * every journal that does not sum to zero: what the tests and the benchmark check after a run.
   */
  async invariantViolations(): Promise<{ accounts: InvariantViolation[]; unbalancedJournals: number }> {
    const accounts = (await this.ds.query(`
      SELECT a.id AS account_id, a.key, a.balance, coalesce(s.sum, 0)::bigint AS entries_sum
        FROM accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS sum, sum(demo_amount) AS demo FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
       WHERE a.kind IN ('wallet', 'withdrawal_hold') AND (a.balance <> coalesce(s.sum, 0) OR a.balance < 0
         OR a.demo_balance <> coalesce(s.demo, 0) OR a.demo_balance < 0 OR a.demo_balance > a.balance)`)) as InvariantViolation[];
    const [journals] = (await this.ds.query(`
      SELECT count(*)::int AS n FROM (
        SELECT journal_id FROM ledger_entries GROUP BY journal_id, currency HAVING sum(amount) <> 0 OR sum(demo_amount) <> 0) j`)) as Array<{
      n: number;
    }>;
    return { accounts, unbalancedJournals: journals?.n ?? 0 };
  }
}

/** The database refused to take a wallet or hold below zero (CHECK accounts_balance_non_negative). */
export const isOverdraft = (e: unknown): boolean => isCheckViolation(e, 'accounts_balance_non_negative');
/** The database refused a real payout that would have taken demo money (CHECK accounts_demo_within_balance). */
export const isDemoFundsOut = (e: unknown): boolean => isCheckViolation(e, 'accounts_demo_within_balance');
