import { z } from 'zod';

/** One e-mail for the worker to send (JOBS.sendEmail): plain text always, HTML when given. */
export const EmailJob = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
  /** what it is about, for the logs and the development mailbox (e.g. 'community.invitation') */
  kind: z.string(),
});
export type EmailJob = z.infer<typeof EmailJob>;
export const EmailJobResult = z.object({ message_id: z.string(), transport: z.enum(['smtp', 'dev-mailbox']) });
