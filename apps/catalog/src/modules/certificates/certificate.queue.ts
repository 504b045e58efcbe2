import { Inject, Injectable } from '@nestjs/common';
import { JOBS } from '@lp/contracts';
import { ENV, JobProducer } from '@lp/service-kit';
import type { CatalogEnv } from '../../config/catalog-env.js';

/** Catalog's side of the certificate-render jobs (JOBS.certificateRender). */
@Injectable()
export class CertificateQueue extends JobProducer<typeof JOBS.certificateRender> {
  constructor(@Inject(ENV) env: CatalogEnv) {
    super(JOBS.certificateRender, env);
  }
}
