import { describe, expect, it } from '@jest/globals';
import { PUSH_TTL_SECONDS, PushJob } from '@lp/contracts';
import { pushJob } from './push-hand-over.js';

const delivery = {
  notificationId: '7d6f0d0e-8c1b-4a53-9a3e-2b1f0c9d8e7a',
  userId: '2f1e0d9c-8b7a-4695-a4b3-c2d1e0f9a8b7',
  type: 'session_cancelled' as const,
  params: { title: 'Career chat', when: 'Mon 30 Nov, 14:00', refund: '$45.00' },
  link: '/sessions/abc',
  timeZone: 'UTC',
  digest: null,
};

describe('a notification as a browser push', () => {
  it("carries the catalogue's title and body (extras included), an absolute link, a tag per notification and the TTL", () => {
    const job = pushJob(delivery, 'https://learn.example.test');
    expect(PushJob.parse(job)).toEqual({
      notification_id: delivery.notificationId,
      user_id: delivery.userId,
      payload: {
        title: 'Session cancelled: Career chat',
        body: 'The session on Mon 30 Nov, 14:00 was cancelled. $45.00 was refunded to your wallet.',
        url: 'https://learn.example.test/sessions/abc',
        tag: `notification:${delivery.notificationId}`,
      },
      ttl: PUSH_TTL_SECONDS,
    });
  });

  it('leads to the notification page when there is no link, or one that is not an app path', () => {
    for (const link of [null, 'https://evil.example.com/x', '//evil.example.com/x'])
      expect(pushJob({ ...delivery, link }, '').payload.url).toBe('/notifications');
  });

  it('says how many and since when for a digest, and opens the notification page', () => {
    const digest = { count: 7, since: new Date('2026-12-01T09:05:00Z'), params: [delivery.params] };
    const job = pushJob({ ...delivery, digest, link: '/notifications' }, '');
    expect(job.payload).toMatchObject({
      title: '7 new notifications: Session cancelled',
      body: 'You have 7 new notifications of this kind since Tue 1 Dec, 09:05:',
      url: '/notifications',
    });
  });
});
