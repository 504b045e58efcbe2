import type { Role } from './roles.js';

/** The signed-in user as the gateway saw them; travels on the bus signed by the gateway (libs/bus caller-assertion.ts). */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
  institutionId: string | null;
  /**
   * set when an institution's API key made the request (the gateway checked it): the caller
   * is the key's maker, limited to the key's institution and permissions
   */
  apiKey?: { id: string; institutionId: string; permissions: string[] };
}

/** Header names carried on every request over the bus (the caller travels signed, in libs/bus CALLER_HEADER). */
export const BUS_HEADERS = {
  requestId: 'x-request-id',
} as const;
