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
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(stable(body) ?? null))
    .digest('hex');
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
  async answered<T>(claim: Claim): Promise<T | undefined> {
    if (!claim.key) return undefined;
    return firstAnswer<T>(this.ds.manager, claim);
  }

  async run<T>(tx: EntityManager, claim: Claim, work: () => Promise<T>): Promise<T> {
    if (!claim.key) return work();
    const where = { userId: claim.userId, scope: claim.scope, key: claim.key };
    const inserted = await tx
      .createQueryBuilder()
      .insert()
      .into(IdempotencyKeyEntity)
      .values({ ...where, requestHash: requestHash(claim.body), response: () => `'null'::jsonb` })
      .orIgnore()
      .returning(['key'])
      .execute();
    // taken: the first request committed (a concurrent one waited here for it)
    if ((inserted.raw as unknown[]).length === 0) return (await firstAnswer<T>(tx, claim)) as T;
    const answer = await work();
    await tx.getRepository(IdempotencyKeyEntity).update(where, { response: answer as object });
    return answer;
  }
}

interface Claim {
  userId: string;
  /** the route's subject */
  scope: string;
  key: string | undefined;
  /** what the key is bound to */
  body: unknown;
}

/** The answer stored under the claim's key; 422 when the key was used with another body. */
async function firstAnswer<T>(db: EntityManager, claim: Claim): Promise<T | undefined> {
  const first = await db
    .getRepository(IdempotencyKeyEntity)
    .findOne({ where: { userId: claim.userId, scope: claim.scope, key: claim.key! } });
  if (!first) return undefined;
  if (first.requestHash !== requestHash(claim.body)) throw billingErrors.idempotencyKeyReused();
  return first.response as T;
}
