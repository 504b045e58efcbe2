import { isIP } from 'node:net';
import { isDevelopmentLike } from './config.js';

/**
 * Development doors: conveniences that would let a stranger in if they answered one (the
 * Google stand-in's passwordless session, the demo checkout, the development mailbox, the
 * demo-data `*.seed.*` subjects). A door is open only when development (or tests) was asked
 * for by name AND the request comes from this machine, or the operator opened the doors to
 * the network on purpose with LP_DEV_DOORS=1 (a shared demo box). Production never opens them.
 */
export interface DevDoorSettings {
  NODE_ENV: string;
  /** '1' opens the doors to any address (development only) */
  LP_DEV_DOORS?: string;
}

/** Whether the development doors can be open at all, for anyone. */
export const devDoorsEnabled = (env: DevDoorSettings): boolean => isDevelopmentLike(env.NODE_ENV);

/** Whether they are open to the network, not only to this machine. */
export const devDoorsOpenToNetwork = (env: DevDoorSettings): boolean => devDoorsEnabled(env) && env.LP_DEV_DOORS === '1';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1' || a === '0:0:0:0:0:0:0:1';
}

/** Headers a reverse proxy adds: a request that carries one came through a proxy from somewhere else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-client-ip', 'cf-connecting-ip', 'true-client-ip'];

export interface DoorRequest {
  /** the TCP peer (request.socket.remoteAddress) */
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Whether a door answers this request. The peer must be loopback and the request must carry
 * no forwarding header: a reverse proxy on the same machine (nginx on 127.0.0.1) connects
 * from loopback for every stranger it forwards, so "from loopback" alone would open the
 * doors to the world behind it.
 */
export function devDoorOpen(env: DevDoorSettings, req: DoorRequest): boolean {
  if (!devDoorsEnabled(env)) return false;
  if (devDoorsOpenToNetwork(env)) return true;
  if (!isLoopbackAddress(req.remoteAddress)) return false;
  return !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}

/**
 * Whether a NATS URL list names only servers on this machine: the demo-data subjects are
 * bound only then (or with LP_DEV_DOORS=1), so a development service joined to a shared bus
 * offers no seed door to the other machines on it.
 */
export function natsIsLocal(natsUrl: string): boolean {
  return natsUrl
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .every((u) => {
      try {
        const host = new URL(u.includes('://') ? u : `nats://${u}`).hostname.replace(/^\[|\]$/g, '');
        return host === 'localhost' || isLoopbackAddress(host);
      } catch {
        return false;
      }
    });
}

/** Whether the demo-data bus subjects may be bound by this app. */
export const seedDoorOpen = (env: DevDoorSettings & { NATS_URL: string }): boolean =>
  devDoorsEnabled(env) && (devDoorsOpenToNetwork(env) || natsIsLocal(env.NATS_URL));
