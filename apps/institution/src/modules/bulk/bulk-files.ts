import type { Provider } from '@nestjs/common';
import { ENV } from '@lp/service-kit';
import { LocalFileStore } from '@lp/storage';
import type { InstitutionEnv } from '../../config/institution-env.js';

/** The shared file store the worker reads an import's file from (STORAGE_DIR). */
export const BULK_FILES = Symbol('BULK_FILES');
export const bulkFilesProvider: Provider = {
  provide: BULK_FILES,
  inject: [ENV],
  useFactory: (env: InstitutionEnv) => new LocalFileStore(env.STORAGE_DIR),
};
