import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from '../../entities/user.entity.js';

/**
 * One "Forgot password?" link: only the SHA-256 (hex) of its random token is kept. A link
 * works once (used_at) and until expires_at; asking for a new one cuts the older ones' expiry to then.
 */
@Entity({ name: 'password_reset_tokens' })
@Index('password_reset_tokens_user_idx', ['userId'])
export class PasswordResetTokenEntity {
  @PrimaryColumn({ type: 'text', name: 'token_hash', primaryKeyConstraintName: 'password_reset_tokens_pkey' }) tokenHash!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'password_reset_tokens_user_id_fkey' })
  user?: Relation<UserEntity>;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', name: 'used_at', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
