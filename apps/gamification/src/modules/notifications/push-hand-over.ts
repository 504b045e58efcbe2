import { Inject, Injectable } from '@nestjs/common';
import { JOBS, PUSH_TTL_SECONDS, type PushJob } from '@lp/contracts';
import { ENV, JobProducer, type BaseEnv } from '@lp/service-kit';
import { deliveryText } from './delivery-text.js';
import type { PendingDelivery } from './notifications.repository.js';

/** Gamification's side of the push jobs (JOBS.sendPush): it says what to show, the worker finds the browsers and sends. */
@Injectable()
export class PushQueue extends JobProducer<typeof JOBS.sendPush> {
  constructor(@Inject(ENV) env: BaseEnv) {
    super(JOBS.sendPush, env);
  }
}

/** What one notification's browser push carries: the catalogue's title and body, where a click leads, and a tag per notification. */
export function pushJob(
  d: Pick<PendingDelivery, 'notificationId' | 'userId' | 'type' | 'params' | 'link' | 'digest' | 'timeZone'>,
  publicUrl: string,
): PushJob {
  // a digest's push says how many and since when; its list is on the page it opens
  const { title, body } = deliveryText(d, d.timeZone);
  // app paths only: a notification's link is one of ours; anything else opens the notification page
  const path = d.link?.startsWith('/') && !d.link.startsWith('//') ? d.link : '/notifications';
  return {
    notification_id: d.notificationId,
    user_id: d.userId,
    payload: { title, body, url: `${publicUrl}${path}`, tag: `notification:${d.notificationId}` },
    ttl: PUSH_TTL_SECONDS,
  };
}

/** The push branch of the hand-over: one job per notification (the worker pushes every browser of the recipient), held to `notBefore`. */
export async function handOverPush(queue: PushQueue, d: PendingDelivery, publicUrl: string, jobId: string): Promise<void> {
  await queue.add(pushJob(d, publicUrl), jobId, d.notBefore.getTime() - Date.now());
}
