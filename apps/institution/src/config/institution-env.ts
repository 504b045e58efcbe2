import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

/** Institution's own settings, validated together with the kit's base settings. */
export const InstitutionEnvSchema = z.object({});

export type InstitutionEnv = BaseEnv & z.infer<typeof InstitutionEnvSchema>;
