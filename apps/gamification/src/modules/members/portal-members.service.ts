import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ENV, REDIS, type BaseEnv, type Db } from '@lp/service-kit';
import { MembersRepository } from './members.repository.js';

/**
 * The members an institution portal's board ranks, as a Redis set per institution beside the
 * platform boards: the portal board is the platform board intersected with it (ZINTER), a few
 * milliseconds for thousands of members where ranking them in PostgreSQL took a hundred and
 * more (docs/gamification.md). institution_members is the truth; the set follows each member
 * event and is rebuilt from the table when its ready mark is missing (Redis lost it).
 */
@Injectable()
export class PortalMembers {
  /** institutions whose set is being rebuilt in this process */
  private readonly rebuilding = new Map<string, Promise<string>>();

  constructor(
    @Inject(MembersRepository) private readonly repo: MembersRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: BaseEnv,
  ) {}

  key(institutionId: string): string {
    return `${this.env.BUS_PREFIX}gamification:inst:${institutionId}:members`;
  }

  /**
   * The set made to agree with the member's row as it now stands (read inside the event's
   * transaction, so an older event that changed nothing writes the newer state again). Written
   * before the inbox commits: a rolled-back event is delivered again and writes the same.
   */
  async sync(db: Db, institutionId: string, userId: string): Promise<void> {
    const ranked = await this.repo.isRanked(db, institutionId, userId);
    if (ranked) await this.redis.sadd(this.key(institutionId), userId);
    else await this.redis.srem(this.key(institutionId), userId);
  }

  /** The institution's set, rebuilt first when Redis lost it; answers its key. */
  async ensure(institutionId: string): Promise<string> {
    const key = this.key(institutionId);
    if (await this.redis.exists(`${key}:ready`)) return key;
    const running = this.rebuilding.get(institutionId);
    if (running) return running;
    const job = this.rebuild(institutionId, key).finally(() => this.rebuilding.delete(institutionId));
    this.rebuilding.set(institutionId, job);
    return job;
  }

  private async rebuild(institutionId: string, key: string): Promise<string> {
    const ids = await this.repo.rankedMembers(institutionId);
    const scratch = `${key}:rebuild:${process.pid}:${Date.now()}`;
    try {
      for (let i = 0; i < ids.length; i += 5_000) await this.redis.sadd(scratch, ...ids.slice(i, i + 5_000));
      const swap = this.redis.multi();
      if (ids.length) swap.rename(scratch, key);
      else swap.del(key);
      await swap.set(`${key}:ready`, '1').exec();
    } finally {
      await this.redis.del(scratch).catch(() => undefined);
    }
    return key;
  }
}
