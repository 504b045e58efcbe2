import { describe, expect, it } from '@jest/globals';
import { devDoorOpen, isLoopbackAddress, natsIsLocal, seedDoorOpen } from './dev-doors.js';

const dev = { NODE_ENV: 'development' };
const local = { remoteAddress: '127.0.0.1', headers: {} };

describe('development doors', () => {
  it('are shut in production, even from loopback and even when LP_DEV_DOORS asks', () => {
    expect(devDoorOpen({ NODE_ENV: 'production' }, local)).toBe(false);
    expect(devDoorOpen({ NODE_ENV: 'production', LP_DEV_DOORS: '1' }, local)).toBe(false);
  });

  it('open in development from loopback (IPv4, IPv6, IPv4-mapped)', () => {
    for (const remoteAddress of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) {
      expect(devDoorOpen(dev, { remoteAddress, headers: {} })).toBe(true);
    }
  });

  it('stay shut in development for a stranger', () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.5', '192.168.1.20', '::ffff:198.51.100.1', '2001:db8::1', undefined]) {
      expect(devDoorOpen(dev, { remoteAddress, headers: {} })).toBe(false);
    }
  });

  it('stay shut for a stranger forwarded by a proxy on loopback', () => {
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(devDoorOpen(dev, { remoteAddress: '127.0.0.1', headers: { [h]: '203.0.113.7' } })).toBe(false);
    }
  });

  it('open to the network only when LP_DEV_DOORS=1 says so', () => {
    expect(devDoorOpen({ ...dev, LP_DEV_DOORS: '1' }, { remoteAddress: '203.0.113.7', headers: {} })).toBe(true);
    expect(devDoorOpen({ ...dev, LP_DEV_DOORS: 'yes' }, { remoteAddress: '203.0.113.7', headers: {} })).toBe(false);
  });

  it('tell loopback from look-alikes', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('1.127.0.0')).toBe(false);
    expect(isLoopbackAddress('::2')).toBe(false);
    expect(isLoopbackAddress('')).toBe(false);
  });

  it('bind the seed subjects only on a bus on this machine', () => {
    expect(natsIsLocal('nats://127.0.0.1:4222')).toBe(true);
    expect(natsIsLocal('nats://localhost:4222,nats://[::1]:4223')).toBe(true);
    expect(natsIsLocal('nats://127.0.0.1:4222,nats://nats.internal:4222')).toBe(false);
    expect(seedDoorOpen({ ...dev, NATS_URL: 'nats://nats.internal:4222' })).toBe(false);
    expect(seedDoorOpen({ ...dev, NATS_URL: 'nats://nats.internal:4222', LP_DEV_DOORS: '1' })).toBe(true);
    expect(seedDoorOpen({ NODE_ENV: 'production', NATS_URL: 'nats://127.0.0.1:4222' })).toBe(false);
  });
});
