import { JOBS } from '@lp/contracts';
import { defineJob } from './job-definition.js';

/** One e-mail (community's invitations, ...): SMTP when configured, else the development mailbox. */
export const sendEmailJob = defineJob(JOBS.sendEmail, async (mail, ctx) => {
  const sent = await ctx.deps.mailer.send(mail, ctx.deps.now());
  ctx.log.info({ kind: mail.kind, transport: sent.transport, messageId: sent.message_id }, 'e-mail sent');
  return sent;
});
