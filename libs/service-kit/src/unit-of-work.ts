import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { currentContext, OutboxRelay } from '@lp/bus';
import { SERVICE_OPTIONS } from './tokens.js';
import type { ServiceKitOptions } from './service-kit-options.js';

/**
 * One change = one transaction. Rows and the events describing them (written with
 * writeEvent(tx, ...), which takes the request id from the context) commit together; the
 * relay is nudged once the commit is done.
 *
 * A service whose tables are guarded by row-level security (ServiceKitOptions.tenantSettings)
 * has the caller's user and institution set for the transaction (`app.user_id`,
 * `app.institution_id`, read by its policies with current_setting), from the request context,
 * so no policy depends on a value code passed by hand.
 */
@Injectable()
export class UnitOfWork {
  private readonly tenantSettings: boolean;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Optional() @Inject(SERVICE_OPTIONS) opts?: ServiceKitOptions,
  ) {
    this.tenantSettings = opts?.tenantSettings === true;
  }

  async run<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.ds.transaction(async (tx) => {
      if (this.tenantSettings) await applyTenantSettings(tx);
      return fn(tx);
    });
    this.relay.kick();
    return result;
  }
}

/** The caller of the work in progress, for the transaction only (set_config's third argument: local). */
export async function applyTenantSettings(tx: EntityManager): Promise<void> {
  const caller = currentContext()?.caller ?? null;
  await tx.query("SELECT set_config('app.user_id', $1, true), set_config('app.institution_id', $2, true)", [
    caller?.userId ?? '',
    caller?.institutionId ?? '',
  ]);
}
