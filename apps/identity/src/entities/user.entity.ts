import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ROLES } from '@lp/contracts';
import type { NotificationSettings, Role } from '@lp/contracts';

export type UserStatus = 'active' | 'pending_deletion';

@Entity({ name: 'users' })
@Check('users_role_check', `role IN (${ROLES.map((r) => `'${r}'`).join(',')})`)
@Check('users_status_check', `status IN ('active','pending_deletion')`)
@Check('users_failed_sign_ins_check', 'failed_sign_ins >= 0')
// one account per e-mail whatever its case: an expression index, which TypeORM cannot describe (kept by the migration)
@Index('users_email_key', { synchronize: false })
@Index('users_phone_key', ['phone'], { unique: true, where: 'phone IS NOT NULL' })
@Index('users_role_idx', ['role'])
// newest first (DESC in the migration; TypeORM compares an index by its columns)
@Index('users_created_at_idx', ['createdAt'])
@Index('users_tokens_valid_after_idx', ['tokensValidAfter'], { where: 'tokens_valid_after IS NOT NULL' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text', nullable: true }) phone!: string | null;
  @Column({ type: 'timestamptz', name: 'phone_verified_at', nullable: true }) phoneVerifiedAt!: Date | null;
  @Column({ type: 'text', name: 'password_hash', nullable: true }) passwordHash!: string | null;
  @Column({ type: 'text' }) role!: Role;
  @Column({ type: 'text', name: 'profile_image', nullable: true }) profileImage!: string | null;
  @Column({
    type: 'jsonb',
    name: 'notification_settings',
    // as PostgreSQL prints the default back (jsonb normalises the spacing)
    default: () => `'{"email": true, "studyReminders": true, "assignmentDeadlines": true}'`,
  })
  notificationSettings!: NotificationSettings;
  @Column({ type: 'text', default: 'active' }) status!: UserStatus;
  @Column({ type: 'timestamptz', name: 'deletion_scheduled_at', nullable: true }) deletionScheduledAt!: Date | null;
  /** tokens issued at or before this instant are refused (account deletion) */
  @Column({ type: 'timestamptz', name: 'tokens_valid_after', nullable: true }) tokensValidAfter!: Date | null;
  /** encrypted (TotpSecretCipher): read them through TwoFactorService only */
  @Column({ type: 'text', name: 'totp_secret', nullable: true }) totpSecret!: string | null;
  @Column({ type: 'text', name: 'totp_pending_secret', nullable: true }) totpPendingSecret!: string | null;
  /** wrong passwords in the current window, from any address (SignInLimits) */
  @Column({ type: 'int', name: 'failed_sign_ins', default: 0 }) failedSignIns!: number;
  @Column({ type: 'timestamptz', name: 'failed_sign_ins_since', nullable: true }) failedSignInsSince!: Date | null;
  @Column({ type: 'timestamptz', name: 'sign_in_locked_until', nullable: true }) signInLockedUntil!: Date | null;
  @Column({ type: 'timestamptz', name: 'totp_enabled_at', nullable: true }) totpEnabledAt!: Date | null;
  /** last accepted TOTP time step: a code is accepted once */
  @Column({
    type: 'bigint',
    name: 'totp_last_step',
    nullable: true,
  })
  totpLastStep!: number | null;
  /** what made the account for its owner, when it was not its owner (a bulk import: `bulk-import:<id>`) */
  @Column({ type: 'varchar', length: 100, name: 'created_for', nullable: true }) createdFor!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
