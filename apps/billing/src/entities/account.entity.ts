import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The ledger's kinds of account. A person has a `wallet` per currency and a `withdrawal_hold`
 * per currency (money on its way out); the platform has `platform_revenue` (its fees), a
 * `provider_clearing` per provider (money that came in or went out through a provider) and
 * `platform_promotions` (what it gives away: referral rewards).
 */
export const ACCOUNT_KINDS = ['wallet', 'withdrawal_hold', 'platform_revenue', 'provider_clearing', 'platform_promotions'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/**
 * The kinds whose balance is kept on the row (and may never go below zero). The platform's
 * accounts are summed from their entries when asked: keeping their balance on one row would
 * make every sale of the platform wait for every other one.
 */
export const BALANCED_KINDS: readonly AccountKind[] = ['wallet', 'withdrawal_hold'];

/** A ledger account. Its balance changes only through ledger entries (a trigger applies each one). */
@Entity({ name: 'accounts' })
@Index('accounts_key_key', ['key'], { unique: true })
@Index('accounts_owner_idx', ['ownerId', 'kind'])
@Check('accounts_kind_check', `kind IN ('wallet', 'withdrawal_hold', 'platform_revenue', 'provider_clearing', 'platform_promotions')`)
@Check('accounts_currency_check', `currency IN ('USD', 'ETB', 'EUR')`)
// the rule that a wallet is never overdrawn, held by the database whatever runs concurrently
@Check('accounts_balance_non_negative', `kind NOT IN ('wallet', 'withdrawal_hold') OR balance >= 0`)
// demo money is a part of the balance: never negative, never more than the balance. A real
// payout takes no demo money, so this is what refuses one that would need it
@Check('accounts_demo_within_balance', 'demo_balance >= 0 AND demo_balance <= balance')
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** one account per key: `wallet:<user>:<currency>`, `provider_clearing:<provider>:<currency>`, ... */
  @Column({ type: 'text' }) key!: string;
  @Column({ type: 'varchar', length: 30 }) kind!: AccountKind;
  @Column({ type: 'uuid', name: 'owner_id', nullable: true }) ownerId!: string | null;
  @Column({ type: 'char', length: 3 }) currency!: string;
  /** minor units; kept for the balanced kinds, 0 on the platform's accounts (their entries are summed) */
  @Column({ type: 'bigint', default: 0 }) balance!: number;
  /** minor units of the balance that are demo money (the demo checkout's, never real); kept like the balance, 0 on the platform's accounts */
  @Column({ type: 'bigint', name: 'demo_balance', default: 0 }) demoBalance!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
