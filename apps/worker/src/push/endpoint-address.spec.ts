import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import webpush from 'web-push';
import { isPrivateAddress, leadsToPrivateAddress, retryAfterMs } from './endpoint-address.js';
import { PushSender } from './push-sender.js';

describe('push endpoints that lead into our own network', () => {
  it('names loopback, private, link-local, carrier-grade NAT and unique-local addresses, IPv4-mapped ones too', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ])
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: true });
    for (const a of ['8.8.8.8', '172.32.0.1', '142.250.185.78', '2a00:1450:4001:80b::200a', '::ffff:8.8.4.4'])
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: false });
  });

  it('resolves a host name, and takes an address in the URL as it is', async () => {
    expect(await leadsToPrivateAddress('https://localhost/push/abc')).toBe(true);
    expect(await leadsToPrivateAddress('https://[::1]:8443/x')).toBe(true);
    expect(await leadsToPrivateAddress('https://203.0.113.7/x')).toBe(false);
  });

  it('is refused where private endpoints are (production): reported gone, nothing posted; allowed elsewhere', async () => {
    let posts = 0;
    const server = createServer((_req, res) => (posts++, res.writeHead(201).end()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const keys = webpush.generateVAPIDKeys();
      const vapid = { ...keys, subject: 'mailto:ops@example.test' };
      const target = {
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/1`,
        // a browser's keys, as a subscription carries them
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      };
      const payload = { title: 't', body: 'b', url: '/notifications', tag: 'x' };
      const redis = null as unknown as Redis; // send() keeps nothing
      expect(await new PushSender(vapid, redis, 'p.', false).send(target, payload, 60)).toBe('gone');
      expect(posts).toBe(0);
      expect(await new PushSender(vapid, redis, 'p.', true).send(target, payload, 60)).toBe('sent');
      expect(posts).toBe(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("a push service's Retry-After", () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-12-02T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 02 Dec 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Wed, 02 Dec 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
