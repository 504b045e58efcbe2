import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { ApiKeyPermission } from '@lp/contracts';
import { ApiKeyEntity } from '../../entities/api-key.entity.js';

/** A key found by its hash, its call counted. */
export interface CountedKey {
  id: string;
  institution_id: string;
  created_by: string;
  permissions: ApiKeyPermission[];
  rate_limit_per_minute: number;
}

export type NewApiKey = Pick<
  ApiKeyEntity,
  'id' | 'institutionId' | 'keyName' | 'keyPrefix' | 'keyHash' | 'permissions' | 'rateLimitPerMinute' | 'createdBy'
>;

/**
 * The maker still has the standing that let them make the key: an unsuspended admin member
 * with admin access at the key's institution or above it. A key does not outlive its maker's
 * standing: once they lose it (removed, suspended, demoted), the key answers as revoked.
 */
const MAKER_STILL_ADMIN = `EXISTS (
  SELECT 1 FROM members m JOIN institutions i ON i.id = k.institution_id
   WHERE m.user_id = k.created_by AND m.institution_id = ANY (i.path_ids)
     AND m.member_type = 'admin' AND m.access_level = 'admin' AND NOT m.is_suspended)`;

/** Data access for `api_keys`; no rules here. */
@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<ApiKeyEntity> {
    return (tx ?? this.ds.manager).getRepository(ApiKeyEntity);
  }

  /** The institution's keys, newest first. */
  list(tx: EntityManager, institutionId: string): Promise<ApiKeyEntity[]> {
    return this.repo(tx).find({ where: { institutionId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** A new key, expiring `expiresInDays` after the transaction's time (never when null). */
  async insert(tx: EntityManager, key: NewApiKey, expiresInDays: number | null): Promise<ApiKeyEntity> {
    await this.repo(tx).insert({
      ...key,
      expiresAt: expiresInDays === null ? null : () => `now() + make_interval(days => ${Math.trunc(expiresInDays)})`,
    });
    return (await this.repo(tx).findOneBy({ id: key.id }))!;
  }

  /** The institution's key, locked until the transaction ends. */
  lock(tx: EntityManager, institutionId: string, id: string): Promise<ApiKeyEntity | null> {
    return this.repo(tx)
      .createQueryBuilder('k')
      .setLock('pessimistic_write')
      .where('k.institution_id = :institutionId AND k.id = :id', { institutionId, id })
      .getOne();
  }

  async revoke(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update(ApiKeyEntity)
      .set({ revokedAt: () => 'now()' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * The valid key with this hash, its call counted (total and last use).
   * raw-sql: finding, checking the maker's standing and counting are one atomic UPDATE ... RETURNING: two calls at once both count.
   */
  async countCall(tx: EntityManager, hash: string): Promise<CountedKey | null> {
    const [rows] = (await tx.query(
      `UPDATE api_keys k SET total_calls = total_calls + 1, last_used_at = now()
        WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) AND ${MAKER_STILL_ADMIN}
        RETURNING id, institution_id, created_by, permissions, rate_limit_per_minute`,
      [hash],
    )) as [CountedKey[], number];
    return rows[0] ?? null;
  }

  /** Whether the key with this hash is revoked, and whether it has expired by the database's clock; null when no key has it. */
  async standing(tx: EntityManager, hash: string): Promise<{ revoked: boolean; expired: boolean } | null> {
    return (
      (await this.repo(tx)
        .createQueryBuilder('k')
        .select('k.revoked_at IS NOT NULL', 'revoked')
        .addSelect('(k.expires_at IS NOT NULL AND k.expires_at <= now())', 'expired')
        .where('k.key_hash = :hash', { hash })
        .getRawOne<{ revoked: boolean; expired: boolean }>()) ?? null
    );
  }
}
