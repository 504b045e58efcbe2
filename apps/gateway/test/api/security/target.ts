import type { User } from '@lp/contracts';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from '../harness.js';

/**
 * What the security probe attacks: a stack of its own (npm test), or a running one
 * (`npm run security`, LP_PROBE_URL=http://127.0.0.1:3000). Probes speak HTTP only and make
 * their own accounts, so the same probe runs against both; a probe that needs the test stack's
 * insides (a service's database) asks for `target.stack` and skips itself without one.
 */
export interface ProbeAuth {
  token: string;
  user: User;
  email: string;
  password: string;
}

export type ProbeRole = 'learner' | 'instructor' | 'mentor' | 'institution';

export interface ProbeTarget {
  /** the gateway's origin, e.g. http://127.0.0.1:3000 */
  url: string;
  /** the in-process test stack, or null against a running one */
  stack: Stack | null;
  api: Stack['api'];
  /** registers a fresh account over HTTP (201 expected) */
  register(role: ProbeRole, tag?: string): Promise<ProbeAuth>;
}

export const PROBE_PASSWORD = 'Probe-pass-2026!';

export async function openTarget(extra: Record<string, string> = {}): Promise<{ target: ProbeTarget; close(): Promise<void> }> {
  const external = process.env.LP_PROBE_URL?.replace(/\/$/, '');
  const stack = external ? null : await startStack(extra);
  const url = external ?? stack!.url;
  const api: Stack['api'] = stack
    ? stack.api.bind(stack)
    : async <T>(method: string, path: string, opts: Parameters<Stack['api']>[2] = {}): Promise<ApiResponse<T>> => {
        const headers: Record<string, string> = { ...opts.headers };
        if (opts.token) headers.authorization = `Bearer ${opts.token}`;
        let body: string | FormData | undefined;
        if (opts.raw !== undefined) body = opts.raw;
        else if (opts.body !== undefined) {
          body = JSON.stringify(opts.body);
          headers['content-type'] ??= 'application/json';
        }
        const res = await fetch(`${url}/api${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON */
        }
        return { status: res.status, body: parsed as T, headers: res.headers };
      };
  const target: ProbeTarget = {
    url,
    stack,
    api,
    async register(role, tag = role) {
      const email = uniqueEmail(`probe-${tag}`);
      const res = await api<{ token: string; user: User }>('POST', '/auth/register', {
        body: { name: `Probe ${tag}`, email, password: PROBE_PASSWORD, role },
      });
      if (res.status !== 201) throw new Error(`register ${role}: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...res.body, email, password: PROBE_PASSWORD };
    },
  };
  return { target, close: async () => stack?.stop() };
}
