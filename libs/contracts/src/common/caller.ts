import type { Role } from './roles.js';

/** The signed-in user as the gateway saw them; travels in NATS headers. */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
  institutionId: string | null;
}

/** Header names carried on every gateway-to-service request. */
export const BUS_HEADERS = {
  requestId: 'x-request-id',
  userId: 'x-user-id',
  role: 'x-user-role',
  sessionId: 'x-session-id',
  institutionId: 'x-institution-id',
} as const;
