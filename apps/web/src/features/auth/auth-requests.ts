import type { identityRoutes, RouteRequest } from '@lp/contracts';

/** Request bodies as the contract declares them (before the server applies its transforms). */
export type LoginBody = RouteRequest<typeof identityRoutes.login>['body'];
export type RegisterBody = RouteRequest<typeof identityRoutes.register>['body'];
export type SendOtpBody = RouteRequest<typeof identityRoutes.sendOtp>['body'];
export type SessionExchangeBody = RouteRequest<typeof identityRoutes.sessionExchange>['body'];
export type DevProviderBody = RouteRequest<typeof identityRoutes.devProviderSession>['body'];
