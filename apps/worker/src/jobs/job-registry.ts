import type { JobDefinition } from './job-definition.js';
import { dataExportJob } from './data-export.job.js';

/** Every job the worker runs. Next: certificates, bulk CSV enrollment — one file each, one line here. */
export const jobRegistry: readonly JobDefinition[] = [dataExportJob];
