/// <reference lib="dom" />
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The roles a visitor can choose in the auth modal (admin never self-registers). */
export type SelfRole = 'learner' | 'instructor' | 'mentor' | 'institution';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  role: SelfRole;
}

export interface RegisteredAccount extends TestAccount {
  token: string;
  id: string;
}

let counter = 0;

/** An e-mail no other test (or earlier run) uses: tag, time, a counter and some randomness. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `e2e-${tag}-${stamp}@example.com`;
}

/** A fresh account's details (not yet registered). */
export function newAccount(role: SelfRole, tag: string = role): TestAccount {
  const suffix = Math.random().toString(36).slice(2, 7);
  const display = `${role.charAt(0).toUpperCase()}${role.slice(1)}`;
  return { name: `E2E ${display} ${suffix}`, email: uniqueEmail(tag), password: `Pw-${suffix}-123456`, role };
}

/** POST /api/auth/register: for journeys that are not about signing up. */
export async function registerViaApi(request: APIRequestContext, role: SelfRole, tag?: string): Promise<RegisteredAccount> {
  const account = newAccount(role, tag);
  const res = await request.post('/api/auth/register', {
    data: { name: account.name, email: account.email, password: account.password, role: account.role },
  });
  expect(res.status(), `register ${account.email}: ${await res.text()}`).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { ...account, token: body.token, id: body.user.id };
}

/** POST /api/auth/login; returns the HTTP status and body (no assertion). */
export async function loginViaApi(request: APIRequestContext, email: string, password: string): Promise<{ status: number; body: unknown }> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  return { status: res.status(), body: await res.json().catch(() => null) };
}

/**
 * Signs the browser in without the UI: the SPA keeps its session in localStorage
 * `token` and loads the user from it on start. Ends on `path`.
 */
export async function signInWithToken(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/coming-soon');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}
