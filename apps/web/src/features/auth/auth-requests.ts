import type { identityRoutes, RouteRequest } from '@lp/contracts';

/** Request bodies as the contract declares them (before the server applies its transforms). */
export type LoginBody = RouteRequest<typeof identityRoutes.login>['body'];
export type SessionExchangeBody = RouteRequest<typeof identityRoutes.sessionExchange>['body'];
