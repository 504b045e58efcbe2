import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork } from '@lp/service-kit';
import { ComingSoonRepository } from './coming-soon.repository.js';

@Injectable()
export class ComingSoonService {
  constructor(
    @Inject(ComingSoonRepository) private readonly repo: ComingSoonRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** Subscribing twice is the same as once. */
  async subscribe(email: string): Promise<void> {
    await this.uow.run((tx) => this.repo.insertIfMissing(tx, email.toLowerCase()));
  }
}
