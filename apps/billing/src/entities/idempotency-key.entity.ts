import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An answered request under an Idempotency-Key: written in the request's own transaction, so
 * a concurrent retry waits on the key and then reads the first answer. A refused request
 * (4xx) rolls back with its key: asking again tries again.
 */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  /** the route's subject: one key may be used once per route */
  @PrimaryColumn({ type: 'text' }) scope!: string;
  @PrimaryColumn({ type: 'text' }) key!: string;
  /** sha256 of the request's body, to refuse the same key with another body */
  @Column({ type: 'text', name: 'request_hash' }) requestHash!: string;
  @Column({ type: 'jsonb' }) response!: unknown;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
