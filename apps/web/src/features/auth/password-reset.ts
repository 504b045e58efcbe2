import { ResetPasswordRequest } from '@lp/contracts';
import { z } from 'zod';

/** Where a reset e-mail's link opens (besides the spec's pages). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** The token of a reset link (`/reset-password?token=...`), or null when the link has none. */
export function resetTokenOf(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const token = params.get('token')?.trim();
  return token ? token : null;
}

/**
 * The reset page's form: the contract's password rules (registration's) plus the confirmation
 * box, which must repeat it; the token comes from the link, not from a field.
 */
export function resetPasswordFormSchema(mismatch: string) {
  return z.object({ password: ResetPasswordRequest.shape.password, confirm_password: z.string() }).superRefine((v, ctx) => {
    if (v.confirm_password !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: mismatch });
  });
}
export type ResetPasswordForm = z.infer<ReturnType<typeof resetPasswordFormSchema>>;
