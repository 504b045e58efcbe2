import type { z } from 'zod';
import type { AnyRoute, Caller, InternalDef, Role, RouteOutput, RouteRequest } from '@lp/contracts';

/**
 * What each service's demo data (apps/<service>/src/seed/<service>-demo.ts) is written against.
 * Development only: no production code path imports a seed module; the driver
 * (seed-driver.ts) loads each one by path when `npm start` or `npm run seed` seeds a stack.
 */

/** The areas in the order they are seeded: an area may use what the ones before it left in the context. */
export const SEED_AREAS = [
  'identity',
  'catalog',
  'billing',
  'assessment',
  'community',
  'mentoring',
  'institution',
  'gamification',
] as const;
export type SeedArea = (typeof SEED_AREAS)[number];

/** The password of every demo account (the start banner prints it). */
export const DEMO_PASSWORD = 'Password123!';

export interface DemoUser {
  id: string;
  email: string;
  name: string;
}

export interface SeedCallOptions {
  /** error codes that mean "another service's events have not brought it yet": asked again until the seed's timeout */
  retryCodes?: readonly string[];
}

export interface SeedContext {
  /** A bus-only subject, typed by its declaration in libs/contracts. */
  request<Req extends z.ZodType, Res extends z.ZodType>(def: InternalDef<Req, Res>, body: z.input<Req>): Promise<z.infer<Res>>;
  /** A route's subject called as `caller` (params, query, body and the declared headers, as the gateway passes them). */
  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>>, caller: Caller | null, opts?: SeedCallOptions): Promise<RouteOutput<R>>;
  /** A demo account (identity's, or one an area made on the way), signed in as `role`. */
  as(user: DemoUser, role: Role, institutionId?: string | null): Caller;
  /** An account with the demo password, found or made by identity; remembered in `people`. */
  ensureUser(account: { email: string; name: string; role: Role }): Promise<DemoUser & { created: boolean }>;
  /** identity's demo account of each role */
  users: Partial<Record<Role, DemoUser>>;
  /** every account ensureUser saw, by e-mail */
  people: Record<string, DemoUser>;
  /** catalog's demo courses, by title */
  courses: Record<string, { id: string; price: number }>;
  /** where the stack's files are stored (a group file is written there before it is attached) */
  storageDir: string;
  log(line: string): void;
}

/** One service's demo data: `run` reads what is there first, so seeding twice changes nothing. */
export interface Seeder {
  area: SeedArea;
  run(ctx: SeedContext): Promise<void>;
}

export class SeedError extends Error {
  readonly status?: number;
  readonly code?: string;
  /** `answer`: what the service answered, when it did */
  constructor(message: string, answer: { status?: number; code?: string } = {}) {
    super(message);
    this.name = 'SeedError';
    this.status = answer.status;
    this.code = answer.code;
  }
}

/** The demo user of a role, or a SeedError naming the area that needed it (its area runs later than the one that makes it). */
export function demoUser(ctx: SeedContext, role: Role, area: SeedArea): DemoUser {
  const user = ctx.users[role];
  if (!user) throw new SeedError(`${area}: the identity demo account "${role}" is missing`);
  return user;
}

/** A demo course by title, or a SeedError naming the area that needed it. */
export function demoCourse(ctx: SeedContext, title: string, area: SeedArea): { id: string; price: number } {
  const course = ctx.courses[title];
  if (!course) throw new SeedError(`${area}: the catalog demo course "${title}" is missing`);
  return course;
}

/** Background work the seed reports on without waiting for it long: asks `read` every `everyMs` while `pending` says so. */
export async function pollWhile<T>(
  read: () => Promise<T>,
  first: T,
  pending: (value: T) => boolean,
  tries: number,
  everyMs: number,
): Promise<T> {
  let value = first;
  for (let i = 0; i < tries && pending(value); i++) {
    await new Promise((done) => setTimeout(done, everyMs));
    value = await read();
  }
  return value;
}

export const DAY_MS = 86_400_000;
