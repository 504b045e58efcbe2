import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

/** Assessment's own settings, validated together with the kit's base settings. */
export const AssessmentEnvSchema = z.object({
  /** seconds after a time limit during which a submission still counts as on time */
  TIME_LIMIT_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
});

export type AssessmentEnv = BaseEnv & z.infer<typeof AssessmentEnvSchema>;
