import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { UnitOfWork, Handles } from '@lp/service-kit';
import { ComingSoonRepository } from './coming-soon.repository.js';

type R = typeof identityRoutes;

@Injectable()
export class ComingSoonService {
  constructor(
    @Inject(ComingSoonRepository) private readonly repo: ComingSoonRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** Subscribing twice is the same as once. */
  @Handles(identityRoutes.comingSoonSubscribe)
  async subscribe({ body }: RouteInput<R['comingSoonSubscribe']>): Promise<RouteOutput<R['comingSoonSubscribe']>> {
    await this.uow.run((tx) => this.repo.insertIfMissing(tx, body.email.toLowerCase()));
    return { message: "Thank you! We'll notify you when we launch." };
  }
}
