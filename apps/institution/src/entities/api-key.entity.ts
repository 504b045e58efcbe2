import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { ApiKeyPermission } from '@lp/contracts';
import { InstitutionEntity } from './institution.entity.js';

/**
 * An institution's API key. Only the SHA-256 of the key is kept (the key itself is shown once,
 * when it is made); `key_prefix` is its first characters, enough to tell keys apart in a list.
 * Active while not revoked and not expired; revoking is for good. The key acts as `created_by`
 * (its maker), limited to its institution and its permissions.
 */
@Entity({ name: 'api_keys' })
@Check('api_keys_rate_limit_check', '"rate_limit_per_minute" BETWEEN 1 AND 1000')
@Index('api_keys_hash_key', ['keyHash'], { unique: true })
@Index('api_keys_institution_idx', ['institutionId', 'createdAt'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'api_keys_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  @Column({ type: 'text', name: 'key_name' }) keyName!: string;
  @Column({ type: 'text', name: 'key_prefix' }) keyPrefix!: string;
  /** sha256 hex of the whole key */
  @Column({ type: 'text', name: 'key_hash' }) keyHash!: string;
  @Column({ type: 'jsonb', default: () => "'[]'" }) permissions!: ApiKeyPermission[];
  @Column({ type: 'integer', name: 'rate_limit_per_minute', default: 60 }) rateLimitPerMinute!: number;
  @Column({ type: 'bigint', name: 'total_calls', default: 0 }) totalCalls!: string;
  @Column({ type: 'timestamptz', name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @Column({ type: 'uuid', name: 'created_by' }) createdBy!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}
