import type { Role } from './roles.js';

/** The signed-in user as the gateway saw them; travels on the bus signed by the gateway (libs/bus caller-assertion.ts). */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
  institutionId: string | null;
}

/** Header names carried on every request over the bus (the caller travels signed, in libs/bus CALLER_HEADER). */
export const BUS_HEADERS = {
  requestId: 'x-request-id',
} as const;
