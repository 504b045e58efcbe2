import { Index, JoinColumn, ManyToOne, Unique, type Relation, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { SessionEntity } from './session.entity.js';

/**
 * One refresh token of a session (the session is the token family): only its hash is kept.
 * A used token stays, marked, so that presenting it again is recognised as theft.
 */
@Entity({ name: 'refresh_tokens' })
@Unique('refresh_tokens_token_hash_key', ['tokenHash'])
@Index('refresh_tokens_session_idx', ['sessionId'])
export class RefreshTokenEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'session_id' }) sessionId!: string;
  @ManyToOne(() => SessionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'refresh_tokens_session_id_fkey' })
  session?: Relation<SessionEntity>;
  @Column({ type: 'text', name: 'token_hash' }) tokenHash!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'used_at', nullable: true }) usedAt!: Date | null;
}
