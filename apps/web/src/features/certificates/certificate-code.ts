import { CertificateCodeSchema } from '@lp/contracts';

/** Whether a code from the URL has a certificate code's shape: one that does not cannot belong to a certificate, so it is not asked about. */
export const isWellFormedCode = (code: string): boolean => CertificateCodeSchema.safeParse(code).success;
