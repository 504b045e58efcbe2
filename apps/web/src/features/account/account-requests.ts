import type { identityRoutes, RouteRequest } from '@lp/contracts';

export type ProfileBody = RouteRequest<typeof identityRoutes.updateProfile>['body'];
export type NotificationSettingsBody = RouteRequest<typeof identityRoutes.updateNotificationSettings>['body'];
export type ChangePasswordBody = RouteRequest<typeof identityRoutes.changePassword>['body'];
export type Confirm2faBody = RouteRequest<typeof identityRoutes.confirm2fa>['body'];
