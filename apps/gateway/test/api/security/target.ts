import type { User } from '@lp/contracts';
import { httpApi, startStack, uniqueEmail, type Stack } from '../harness.js';

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
  const api: Stack['api'] = stack ? stack.api.bind(stack) : httpApi(url);
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
