import { describe, expect, it } from '@jest/globals';
import { PushSubscriptionBody, isLoopbackUrl } from './notification-schemas.js';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describe('a browser push subscription', () => {
  it('takes an https push service anywhere, plain http only on this machine', () => {
    expect(PushSubscriptionBody.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }).success).toBe(true);
    for (const local of ['http://127.0.0.1:4000/push/1', 'http://localhost:4000/push/1', 'http://[::1]:4000/push/1'])
      expect(PushSubscriptionBody.safeParse({ endpoint: local, keys }).success).toBe(true);
    for (const bad of ['http://push.example.com/1', 'ftp://push.example.com/1', 'not a url'])
      expect(PushSubscriptionBody.safeParse({ endpoint: bad, keys }).error?.issues.map((i) => i.path.join('.'))).toEqual(['endpoint']);
    expect(isLoopbackUrl('http://127.0.0.1.evil.example/x')).toBe(false);
  });

  it("names each key that is not the browser's", () => {
    const r = PushSubscriptionBody.safeParse({ endpoint: 'https://p.example/1', keys: { p256dh: 'x', auth: 'a+b/'.repeat(6) } });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['keys.auth', 'keys.p256dh']);
  });
});
