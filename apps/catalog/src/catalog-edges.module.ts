import { Global, Module } from '@nestjs/common';
import { LocalFileStore } from '@lp/storage';
import { ENV } from '@lp/service-kit';
import type { CatalogEnv } from './config/catalog-env.js';
import { FILE_STORE } from './common/tokens.js';
import { Uploads } from './common/uploads.js';

/** The edges: files (libs/storage, shared with the gateway and the worker) and the checks on uploads. */
@Global()
@Module({
  providers: [{ provide: FILE_STORE, inject: [ENV], useFactory: (env: CatalogEnv) => new LocalFileStore(env.STORAGE_DIR) }, Uploads],
  exports: [FILE_STORE, Uploads],
})
export class CatalogEdgesModule {}
