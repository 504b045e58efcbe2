import type { Provider } from '@nestjs/common';
import { ENV } from '@lp/service-kit';
import { LocalFileStore } from '@lp/storage';
import type { CommunityEnv } from '../../config/community-env.js';

/** Injection token of the file store (libs/storage): group files checked, served and removed. */
export const FILE_STORE = Symbol('COMMUNITY_FILE_STORE');

export const fileStoreProvider: Provider = {
  provide: FILE_STORE,
  inject: [ENV],
  useFactory: (env: CommunityEnv) => new LocalFileStore(env.STORAGE_DIR),
};
