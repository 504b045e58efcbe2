import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity.js';
import { LedgerJournalEntity } from './ledger-journal.entity.js';

/**
 * One side of a journal: a signed amount in minor units on one account (credit positive,
 * debit negative). Inserting it moves the account's balance (trigger ledger_entries_apply);
 * entries are never updated nor deleted (trigger ledger_entries_immutable).
 */
@Entity({ name: 'ledger_entries' })
@Index('ledger_entries_account_idx', ['accountId', 'id'])
@Index('ledger_entries_journal_idx', ['journalId'])
@Check('ledger_entries_amount_nonzero', 'amount <> 0')
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: number;
  @Column({ type: 'uuid', name: 'journal_id' }) journalId!: string;
  @ManyToOne(() => LedgerJournalEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'journal_id', foreignKeyConstraintName: 'ledger_entries_journal_fkey' })
  journal?: LedgerJournalEntity;
  @Column({ type: 'uuid', name: 'account_id' }) accountId!: string;
  @ManyToOne(() => AccountEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'ledger_entries_account_fkey' })
  account?: AccountEntity;
  /** must be the account's currency (the apply trigger refuses another) */
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ type: 'bigint' }) amount!: number;
  /**
   * the part of `amount` that is demo money (same sign; it came in through the demo checkout,
   * directly or along a chain of payments): moves the account's demo_balance; a journal's demo
   * parts sum to zero too, and only the demo clearing accounts and the platform's revenue may
   * carry demo money besides people's accounts (the apply trigger refuses the rest)
   */
  @Column({ type: 'bigint', name: 'demo_amount', default: 0 }) demoAmount!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
