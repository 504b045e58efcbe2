import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxRelay } from '@lp/bus';

/**
 * One change = one transaction. Rows and the events describing them (written with
 * writeEvent(tx, ...)) commit together; the relay is nudged once the commit is done.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async run<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.ds.transaction(fn);
    this.relay.kick();
    return result;
  }
}
