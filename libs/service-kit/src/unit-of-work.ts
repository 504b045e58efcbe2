import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxRelay } from '@lp/bus';

/**
 * One change = one transaction. Rows and the events describing them (written with
 * writeEvent(tx, ...), which takes the request id from the context) commit together; the
 * relay is nudged once the commit is done.
 *
 * A service whose tables are guarded by row-level security sets what its policies read with
 * setTransactionSettings inside the transaction. The kit does not decide what those settings
 * are: they are the service's rules (institution widens its scope step by step inside one
 * transaction, from the caller's memberships to the subtree they administer), so a fixed set
 * applied at the start of every transaction would fit no service.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async run<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.ds.transaction(fn);
    this.relay.kick();
    return result;
  }
}

/** Settings a transaction's row-level security policies read with current_setting(name, true). */
export type TransactionSettings = Readonly<Record<string, string>>;

/** The statement that sets `settings` for the transaction only (set_config's third argument: local). */
export function transactionSettingsStatement(settings: TransactionSettings): { sql: string; params: string[] } | null {
  const entries = Object.entries(settings);
  if (!entries.length) return null;
  return {
    sql: `SELECT ${entries.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
    params: entries.flatMap(([name, value]) => [name, value]),
  };
}

/** Sets `settings` for the rest of the transaction (an empty string reads as unset in the policies' functions). */
export async function setTransactionSettings(tx: EntityManager, settings: TransactionSettings): Promise<void> {
  const statement = transactionSettingsStatement(settings);
  if (statement) await tx.query(statement.sql, statement.params);
}

/** A setting of the transaction as it stands ('' when unset). */
export async function transactionSetting(tx: EntityManager, name: string): Promise<string> {
  // raw-sql: a setting is read with current_setting(), which has no entity to go through
  const [row] = (await tx.query(`SELECT coalesce(current_setting($1, true), '') AS value`, [name])) as { value: string }[];
  return row?.value ?? '';
}
