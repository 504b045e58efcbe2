import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const JOURNAL_KINDS = [
  'deposit',
  'payment',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'refund',
  'promotion',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * One movement of money: its entries sum to zero per currency (a deferred constraint trigger
 * checks it at commit). Immutable: a mistake is corrected by another journal, never an edit.
 */
@Entity({ name: 'ledger_journals' })
@Index('ledger_journals_transaction_idx', ['transactionId'])
export class LedgerJournalEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 30 }) kind!: JournalKind;
  /** the user-facing transaction it carries out */
  @Column({ type: 'uuid', name: 'transaction_id', nullable: true }) transactionId!: string | null;
  @Column({ type: 'text' }) description!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
