import { JOBS, PushTargetsReply, gamificationInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';
import { PushFailed } from '../push/push-sender.js';
import { RetryLater } from '../queue/retry-after-backoff.js';

/**
 * One notification's browser push (gamification produces it under notification:<id>:push): to
 * every browser the recipient is subscribed in as gamification knows them now (one turned off
 * overnight is not pushed in the morning). A browser whose push service answers 404 or 410 is
 * reported gone and not tried again; any other failure retries the job, which skips the
 * browsers it already reached, no sooner than the longest Retry-After a push service named.
 */
export const sendPushJob = defineJob(JOBS.sendPush, async (job, ctx) => {
  const push = ctx.deps.push;
  if (!push)
    throw new Error('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set: the worker cannot send browser notifications');
  const { targets } = PushTargetsReply.parse(
    await ctx.deps.rpc.request(gamificationInternal.pushTargets.subject, { user_id: job.user_id }, { requestId: ctx.requestId }),
  );
  let sent = 0;
  let gone = 0;
  const failures: PushFailed[] = [];
  for (const target of targets) {
    if (await push.alreadySent(ctx.jobId, target.endpoint)) {
      sent++;
      continue;
    }
    try {
      if ((await push.send(target, job.payload, job.ttl)) === 'sent') {
        await push.recordSent(ctx.jobId, target.endpoint);
        sent++;
      } else {
        await ctx.deps.rpc.request(gamificationInternal.pushGone.subject, { endpoint: target.endpoint }, { requestId: ctx.requestId });
        gone++;
      }
    } catch (err) {
      if (!(err instanceof PushFailed)) throw err;
      failures.push(err);
    }
  }
  if (failures.length) {
    const message = `${failures.length} of ${targets.length} browsers not reached: ${failures.map((f) => f.message).join('; ')}`;
    const later = Math.max(...failures.map((f) => f.retryAfterMs ?? 0));
    throw later > 0 ? new RetryLater(message, later) : new Error(message);
  }
  ctx.log.info({ notification: job.notification_id, sent, gone }, 'push sent');
  return { sent, gone };
});
