import { Inject, Injectable } from '@nestjs/common';
import { JOBS } from '@lp/contracts';
import { ENV, JobProducer } from '@lp/service-kit';
import type { InstitutionEnv } from '../../config/institution-env.js';

/** Institution's side of the bulk-enrollment jobs (JOBS.bulkEnrollment). */
@Injectable()
export class BulkEnrollmentQueue extends JobProducer<typeof JOBS.bulkEnrollment> {
  constructor(@Inject(ENV) env: InstitutionEnv) {
    super(JOBS.bulkEnrollment, env);
  }
}
