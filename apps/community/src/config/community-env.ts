import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

const text = (fallback = '') => z.string().default(fallback);

/** Community's own settings, validated together with the kit's base settings. */
export const CommunityEnvSchema = z.object({
  /** how many items a list answers at most */
  ITEM_LIST_LIMIT: z.coerce.number().int().min(1).max(1000).default(100),
  /** the secret invitation links are signed with (HMAC-SHA256 over the invitation's id and expiry) */
  INVITATION_SECRET: text('invitation-secret-for-development-only'),
  /** the address browsers reach the platform at (invitation e-mails link there); empty: relative links */
  PUBLIC_URL: text().transform((v) => v.replace(/\/$/, '')),
});

export type CommunityEnv = BaseEnv & z.infer<typeof CommunityEnvSchema>;
