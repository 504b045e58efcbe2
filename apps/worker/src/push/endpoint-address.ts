import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push endpoint must not lead to: the worker posts to whatever URL a browser's
 * subscription names, so a made-up subscription could aim it at this network's own services
 * (loopback, private ranges, link-local cloud metadata, carrier-grade NAT, unique-local IPv6).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether one address is in a private, loopback or link-local range (an IPv4-mapped IPv6 one by its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true; // not an address: refuse rather than guess
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether any address the endpoint's host resolves to is private (a host that does not resolve counts as not private: the post fails by itself). */
export async function leadsToPrivateAddress(endpoint: string): Promise<boolean> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    return false;
  }
}

/**
 * When a push service says to come back (RFC 9110 Retry-After: seconds, or an HTTP date), in
 * milliseconds from `now`; null when it says nothing usable.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
