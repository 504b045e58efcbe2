import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS, RevocationStore } from '@lp/auth';
import { LOGGER, REDIS, type Logger, Clock, addSeconds, epochSeconds } from '@lp/service-kit';
import { UsersRepository } from '../users/users.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

const CHUNK = 500;
/** how often the marker is looked at, besides every reconnect (a FLUSHALL keeps the connection) */
const CHECK_EVERY_MS = 10_000;

/**
 * Redis keeps nothing on disk here. The gateway refuses every token while the revocation
 * list is not marked loaded (fail closed); this copies every still-relevant revocation
 * back from the database and sets the mark: on boot, whenever the Redis connection comes
 * back, and whenever the mark is found missing.
 */
@Injectable()
export class RevocationWarmer implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly onReady = () => void this.warm('redis reconnected');

  constructor(
    @Inject(SessionsRepository) private readonly sessionsRepo: SessionsRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RevocationStore) private readonly revocation: RevocationStore,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.copy();
    this.redis.on('ready', this.onReady);
    this.timer = setInterval(() => void this.checkMark(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.redis.off('ready', this.onReady);
    if (this.timer) clearInterval(this.timer);
  }

  private async checkMark(): Promise<void> {
    const mark = await this.redis.get(this.revocation.keys.warm).catch(() => 'unreachable');
    if (!mark) await this.warm('revocation list missing');
  }

  private warm(reason: string): Promise<void> {
    this.running ??= this.copy()
      .then(() => this.log.info({ reason }, 'revocations re-warmed into Redis'))
      .catch((err: unknown) => this.log.warn({ err, reason }, 'revocations could not be re-warmed yet'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Only what can still matter: an access token or link lives ACCESS_TOKEN_TTL_SECONDS at most. */
  private async copy(): Promise<void> {
    const now = this.clock.now();
    const since = addSeconds(now, -ACCESS_TOKEN_TTL_SECONDS);
    const revoked = await this.sessionsRepo.findRevokedSince(since);
    for (let i = 0; i < revoked.length; i += CHUNK) await this.sessions.publish(revoked.slice(i, i + CHUNK));
    const cutOffs = await this.users.findTokensValidAfterSince(since);
    for (let i = 0; i < cutOffs.length; i += CHUNK) {
      await Promise.all(
        cutOffs.slice(i, i + CHUNK).map((u) => this.revocation.revokeUserBefore(u.id, epochSeconds(u.tokensValidAfter ?? now))),
      );
    }
    await this.revocation.markWarm();
  }
}
