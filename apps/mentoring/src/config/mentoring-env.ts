import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

/** Mentoring's own settings, validated together with the kit's base settings. */
export const MentoringEnvSchema = z.object({});

export type MentoringEnv = BaseEnv & z.infer<typeof MentoringEnvSchema>;
