import { Inject, Injectable } from '@nestjs/common';
import { JOBS } from '@lp/contracts';
import type { BaseEnv } from './config.js';
import { JobProducer } from './queues.js';
import { ENV } from './tokens.js';

/**
 * A service's side of the e-mail jobs (JOBS.sendEmail): it builds the message, the worker sends
 * it. Provided by each module that mails (community's invitations, identity's reset links).
 */
@Injectable()
export class EmailQueue extends JobProducer<typeof JOBS.sendEmail> {
  constructor(@Inject(ENV) env: BaseEnv) {
    super(JOBS.sendEmail, env);
  }
}

/** Text placed in an e-mail's HTML (a name, a message, a link): shown as written, never as markup. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
