import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, gamificationInternal, gamificationRoutes, isLoopbackUrl, type RouteInput, type RouteOutput } from '@lp/contracts';
import { ENV, ExportsUserData, Handles, HandlesInternal, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { z } from 'zod';
import { gamificationErrors } from '../../common/gamification-errors.js';
import type { GamificationEnv } from '../../config/gamification-env.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';

type R = typeof gamificationRoutes;
type I = typeof gamificationInternal;

/**
 * The browsers a user allowed Web Push in (docs/notifications.md, "Web Push"): the caller's
 * routes to subscribe and unsubscribe one, and the worker's two questions (whom to push a
 * notification to; a subscription its push service says is gone).
 */
@Injectable()
export class PushSubscriptionsService implements OnModuleInit {
  constructor(
    @Inject(PushSubscriptionsRepository) private readonly repo: PushSubscriptionsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ENV) private readonly env: GamificationEnv,
  ) {}

  onModuleInit(): void {
    // the issue: keys "required in production"; a server that silently has no push would leave every Push switch meaningless
    if (this.env.NODE_ENV === 'production' && !this.env.VAPID_PUBLIC_KEY)
      throw new Error('VAPID_PUBLIC_KEY is required in production (browser notifications): see docs/operations.md, "Web Push keys"');
  }

  @Handles(gamificationRoutes.pushPublicKey)
  async publicKey(): Promise<RouteOutput<R['pushPublicKey']>> {
    const key = this.env.VAPID_PUBLIC_KEY ?? null;
    return { enabled: key !== null, public_key: key, subscriptions: await this.repo.count(currentCaller().userId) };
  }

  @Handles(gamificationRoutes.subscribePush)
  async subscribe({ body }: RouteInput<R['subscribePush']>): Promise<RouteOutput<R['subscribePush']>> {
    const userId = currentCaller().userId;
    if (!this.env.VAPID_PUBLIC_KEY) throw gamificationErrors.pushUnavailable();
    // the contract lets http through for this machine's address (the tests' push service); production has no such push service
    if (this.env.NODE_ENV === 'production' && !body.endpoint.startsWith('https://'))
      throw AppError.validation([{ path: 'endpoint', message: 'Must be an https:// URL' }]);
    const subscriptions = await this.uow.run(async (tx) => {
      await this.repo.save(tx, userId, body);
      return this.repo.count(userId, tx);
    });
    return { message: 'Browser notifications are on in this browser', subscriptions };
  }

  @Handles(gamificationRoutes.unsubscribePush)
  async unsubscribe({ query }: RouteInput<R['unsubscribePush']>): Promise<RouteOutput<R['unsubscribePush']>> {
    const userId = currentCaller().userId;
    const subscriptions = await this.uow.run(async (tx) => {
      await this.repo.deleteOfUser(tx, userId, query.endpoint);
      return this.repo.count(userId, tx);
    });
    return { message: 'Browser notifications are off in this browser', subscriptions };
  }

  @HandlesInternal(gamificationInternal.pushTargets)
  async targets(req: z.infer<I['pushTargets']['request']>): Promise<z.infer<I['pushTargets']['response']>> {
    const rows = await this.repo.ofUser(req.user_id);
    // a subscription kept from outside production (an http endpoint on this machine) is never pushed to in production
    const usable = this.env.NODE_ENV === 'production' ? rows.filter((r) => !isLoopbackUrl(r.endpoint)) : rows;
    return { targets: usable.map((r) => ({ endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth })) };
  }

  @HandlesInternal(gamificationInternal.pushGone)
  async gone(req: z.infer<I['pushGone']['request']>): Promise<z.infer<I['pushGone']['response']>> {
    return { removed: await this.repo.deleteEndpoint(req.endpoint) };
  }

  /** The browsers in the user's data export: where each is and since when (not the keys: they are the browser's secret, of no use to the person). */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const rows = await this.repo.ofUser(userId);
    return { push_subscriptions: rows.map((r) => ({ endpoint: r.endpoint, created_at: r.createdAt.toISOString() })) };
  }
}
