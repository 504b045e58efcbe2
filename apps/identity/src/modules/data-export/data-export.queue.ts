import { Inject, Injectable } from '@nestjs/common';
import { JOBS } from '@lp/contracts';
import { ENV, JobProducer } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';

/** Identity's side of the data-export jobs (JOBS.dataExport). */
@Injectable()
export class DataExportQueue extends JobProducer<typeof JOBS.dataExport> {
  constructor(@Inject(ENV) env: IdentityEnv) {
    super(JOBS.dataExport, env);
  }
}
