import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { IdempotencyKeyEntity } from '../../entities/idempotency-key.entity.js';
import { billingErrors } from '../../common/billing-errors.js';

/** sha256 of a request body in a stable key order: the same request hashes the same however it was written. */
export function requestHash(body: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(stable(body) ?? null)).digest('hex');
}

/**
 * Idempotency-Key: the key is claimed first thing in the request's transaction, so a
 * concurrent retry with the same key waits on it; once the first commits, the retry reads its
 * answer; when the first was refused (rolled back), the retry runs afresh. The same key with
 * another body is refused (422), as the IETF Idempotency-Key draft says.
 */
@Injectable()
export class IdempotencyRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * The first answer under a key, read before any pricing: a retry of a purchase that went
   * through answers that purchase, not "already enrolled". Undefined when the key is new.
   */
  async answered<T>(claim: { userId: string; scope: string; key: string | undefined; body: unknown }): Promise<T | undefined> {
    if (!claim.key) return undefined;
    const first = await this.ds.getRepository(IdempotencyKeyEntity).findOne({ where: { userId: claim.userId, scope: claim.scope, key: claim.key } });
    if (!first) return undefined;
    if (first.requestHash !== requestHash(claim.body)) throw billingErrors.idempotencyKeyReused();
    return first.response as T;
  }

  async run<T>(tx: EntityManager, claim: { userId: string; scope: string; key: string | undefined; body: unknown }, work: () => Promise<T>): Promise<T> {
    if (!claim.key) return work();
    const hash = requestHash(claim.body);
    const inserted = await tx
      .createQueryBuilder()
      .insert()
      .into(IdempotencyKeyEntity)
      .values({ userId: claim.userId, scope: claim.scope, key: claim.key, requestHash: hash, response: () => `'null'::jsonb` })
      .orIgnore()
      .returning(['key'])
      .execute();
    if ((inserted.raw as unknown[]).length === 0) {
      const first = await tx.getRepository(IdempotencyKeyEntity).findOneOrFail({ where: { userId: claim.userId, scope: claim.scope, key: claim.key } });
      if (first.requestHash !== hash) throw billingErrors.idempotencyKeyReused();
      return first.response as T;
    }
    const answer = await work();
    await tx.getRepository(IdempotencyKeyEntity).update({ userId: claim.userId, scope: claim.scope, key: claim.key }, { response: answer as object });
    return answer;
  }
}
