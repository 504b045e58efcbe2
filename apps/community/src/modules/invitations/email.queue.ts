import { Inject, Injectable } from '@nestjs/common';
import { JOBS } from '@lp/contracts';
import { ENV, JobProducer } from '@lp/service-kit';
import type { CommunityEnv } from '../../config/community-env.js';

/** Community's side of the e-mail jobs (JOBS.sendEmail); the worker sends them. */
@Injectable()
export class EmailQueue extends JobProducer<typeof JOBS.sendEmail> {
  constructor(@Inject(ENV) env: CommunityEnv) {
    super(JOBS.sendEmail, env);
  }
}
