import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

/** Community's own settings, validated together with the kit's base settings. */
export const CommunityEnvSchema = z.object({
  /** how many items a list answers at most */
  ITEM_LIST_LIMIT: z.coerce.number().int().min(1).max(1000).default(100),
});

export type CommunityEnv = BaseEnv & z.infer<typeof CommunityEnvSchema>;
