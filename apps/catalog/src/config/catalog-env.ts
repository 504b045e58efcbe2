import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** Catalog's own settings, validated together with the kit's base settings. */
export const CatalogEnvSchema = z.object({
  /** how long a certificate request waits for a quick render before answering 202 with the progress */
  CERTIFICATE_WAIT_MS: ms(1_500),
  /** how long a learner's browse page (GET /courses) may be served from memory; 0: never */
  COURSE_LIST_CACHE_MS: ms(1000),
  /**
   * The address people reach the platform at, printed on certificates (with a QR code) as the
   * verification page's link. Empty: the certificate prints a relative path and no QR code.
   */
  PUBLIC_URL: z
    .string()
    .default('')
    .transform((v) => v.replace(/\/$/, '')),
});

export type CatalogEnv = BaseEnv & z.infer<typeof CatalogEnvSchema>;
