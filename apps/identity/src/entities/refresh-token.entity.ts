import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One refresh token of a session (the session is the token family): only its hash is kept.
 * A used token stays, marked, so that presenting it again is recognised as theft.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'session_id' }) sessionId!: string;
  @Column({ type: 'text', name: 'token_hash' }) tokenHash!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'used_at', nullable: true }) usedAt!: Date | null;
}
