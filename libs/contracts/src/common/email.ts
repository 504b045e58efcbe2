import { z } from 'zod';

/** One e-mail for the worker to send (JOBS.sendEmail): plain text always, HTML when given. */
export const EmailJob = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
  /** what it is about, for the logs and the development mailbox (e.g. 'community.invitation') */
  kind: z.string(),
  /**
   * extra headers, e.g. a notification's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058);
   * a name of letters, digits and dashes, a value on one line (no header can be smuggled in)
   */
  headers: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,62}$/),
      z
        .string()
        .max(2000)
        .regex(/^[^\r\n]*$/),
    )
    .optional(),
});
export type EmailJob = z.infer<typeof EmailJob>;
export const EmailJobResult = z.object({ message_id: z.string(), transport: z.enum(['smtp', 'dev-mailbox']) });
