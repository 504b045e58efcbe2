import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The one live phone code per phone number; only its keyed hash is stored. */
@Entity({ name: 'otp_codes' })
@Check('otp_codes_sends_check', 'sends >= 1')
export class OtpCodeEntity {
  @PrimaryColumn({ type: 'text' }) phone!: string;
  @Column({ type: 'text', name: 'code_hash' }) codeHash!: string;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'int', default: 0 }) attempts!: number;
  @Column({ type: 'timestamptz', name: 'consumed_at', nullable: true }) consumedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  /** the hour over which sends and wrong codes are counted; re-sending does not restart it */
  @Column({ type: 'timestamptz', name: 'window_started_at', default: () => 'now()' }) windowStartedAt!: Date;
  @Column({ type: 'int', default: 1 }) sends!: number;
}
