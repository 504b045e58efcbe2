import './jsdom-globals';
import { jest } from '@jest/globals';
import type { AnyRoute, Guard, RouteOutput, User } from '@lp/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { STORAGE_KEYS } from '../api/token-store';
import { API_BASE } from '../config/product';
import { SessionProvider } from '../features/auth';
import { RouteGuard } from '../routes/route-guard';
import '../i18n';
import { ToastProvider } from '../ui';

/**
 * Component tests of whole screens: the app's providers (QueryClient, toasts, the session) and a
 * memory router around the screen, and the API answered at the network edge (global fetch) by
 * handlers named after the contract's routes, so the screen's own calls, URLs and bodies run.
 */

// eight engineers share two cores here: give a screen's calls and renders time before a find gives up
configure({ asyncUtilTimeout: 5000 });

/** One request the screen sent, as the stub read it. */
export interface ApiCall {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/** An answer other than 200 with the handler's value: an error status with the gateway's error body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

type Handler = (call: ApiCall) => unknown;

interface Registered {
  route: AnyRoute;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

function patternOf(route: AnyRoute): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = `${API_BASE}${route.path}`.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return body;
}

/** A response as much as the app's client reads of one (ok, status, text, json, blob, headers). */
function response(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text || 'null') as unknown),
    blob: () => Promise.resolve(new Blob([text])),
  };
}

export class ApiStub {
  private readonly handlers: Registered[] = [];
  /** every request, answered or not, in order */
  readonly calls: ApiCall[] = [];
  /** requests no handler answered (answered 404): a test that expects none can say so */
  readonly unanswered: ApiCall[] = [];

  /** Answers `route` with what `handler` returns (a Reply for an error); the latest handler of a route wins. */
  on<Rt extends AnyRoute>(route: Rt, handler: (call: ApiCall) => RouteOutput<Rt> | Reply): this {
    this.handlers.unshift({ route, ...patternOf(route), handler });
    return this;
  }

  /** the requests sent to `route` */
  callsTo(route: AnyRoute): ApiCall[] {
    const { pattern } = patternOf(route);
    return this.calls.filter((c) => c.method === route.method && pattern.test(c.path));
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: ApiCall = { method, path: url.pathname, params: {}, query: url.searchParams, body: readBody(init?.body) };
    this.calls.push(call);
    for (const h of this.handlers) {
      const match = h.route.method === method ? h.pattern.exec(url.pathname) : null;
      if (!match) continue;
      call.params = Object.fromEntries(h.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const answer = h.handler(call);
      if (answer instanceof Reply) return response(answer.status, answer.body);
      return response(h.route.successStatus ?? 200, answer);
    }
    this.unanswered.push(call);
    return response(404, { detail: `no stub for ${method} ${url.pathname}`, code: 'NOT_FOUND' });
  };
}

/** Installs a fresh stub as the global fetch (restored by `restoreFetch`). */
export function stubApi(): ApiStub {
  const stub = new ApiStub();
  globalThis.fetch = jest.fn(stub.fetch) as unknown as typeof fetch;
  return stub;
}

const realFetch = globalThis.fetch;
export function restoreFetch(): void {
  globalThis.fetch = realFetch;
  localStorage.clear();
}

/** A signed-in session as the app keeps one: the token stored, the current user answered by the API. */
export function signIn(stub: ApiStub, meRoute: AnyRoute, user: User): void {
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  stub.on(meRoute, () => user as never);
}

/**
 * Renders `element` at `path` (matched by `pattern`, e.g. '/courses/:id') inside the app's
 * providers and a memory router, behind the route's guard as the route table puts it (a
 * signed-in screen shows once the session has loaded its user); `routes` adds the screens links lead to.
 */
export function renderScreen(
  element: ReactElement,
  {
    path = '/',
    pattern = path,
    guard = 'any',
    routes = [],
  }: { path?: string; pattern?: string; guard?: Guard; routes?: RouteObject[] } = {},
): RenderResult {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <RouteGuard guard={guard}>{element}</RouteGuard> },
      ...routes,
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
