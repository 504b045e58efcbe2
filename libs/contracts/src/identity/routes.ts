import { z } from 'zod';
import { defineRoute, FileRefSchema } from '../common/route.js';
import { IdParams, MessageResponse } from '../common/ids.js';
import { defineInternal } from '../common/bus-access.js';
import * as s from './schemas.js';

const service = 'identity' as const;

export const identityRoutes = {
  register: defineRoute({
    subject: 'identity.auth.register', service, method: 'POST', path: '/auth/register', guard: 'public',
    summary: 'Create an account with e-mail and password (admin never self-registers)',
    body: s.RegisterRequest, response: s.AuthResponse, successStatus: 201,
    rateLimit: { limit: 10, windowSeconds: 600 },
    session: 'start',
  }),
  login: defineRoute({
    subject: 'identity.auth.login', service, method: 'POST', path: '/auth/login', guard: 'public',
    summary: 'Sign in with e-mail and password',
    body: s.LoginRequest, response: s.AuthResponse,
    rateLimit: { limit: 10, windowSeconds: 60, keyBodyField: 'email' },
    session: 'start',
    checksCredentials: true,
  }),
  crossPortalLogin: defineRoute({
    subject: 'identity.auth.cross-portal-login', service, method: 'POST', path: '/auth/cross-portal-login', guard: 'public',
    summary: 'Sign in and receive the portals (institutions) the user can enter',
    body: s.LoginRequest, response: s.CrossPortalLoginResponse,
    rateLimit: { limit: 10, windowSeconds: 60, keyBodyField: 'email' },
    session: 'start',
    checksCredentials: true,
  }),
  sessionExchange: defineRoute({
    subject: 'identity.auth.session', service, method: 'POST', path: '/auth/session', guard: 'public',
    summary: 'Exchange an external (Google) sign-in session for a platform token',
    body: s.SessionExchangeRequest, bodyKind: 'form', response: s.SessionExchangeResponse,
    rateLimit: { limit: 20, windowSeconds: 60 },
    session: 'start',
    checksCredentials: true,
  }),
  devProviderSession: defineRoute({
    subject: 'identity.auth.dev-provider-session', service, method: 'POST', path: '/auth/dev-provider/session', guard: 'public',
    summary: 'Local development sign-in provider standing in for Google (disabled unless GOOGLE_PROVIDER=dev)',
    body: s.DevProviderSessionRequest, response: s.DevProviderSessionResponse,
    rateLimit: { limit: 20, windowSeconds: 60 },
    devDoor: true,
  }),
  sendOtp: defineRoute({
    subject: 'identity.phone.send-otp', service, method: 'POST', path: '/auth/phone/send-otp', guard: 'public',
    summary: 'Send a sign-in code to a registered phone; 404 when the phone has no account',
    body: s.SendOtpRequest, response: s.SendOtpResponse,
    rateLimit: { limit: 5, windowSeconds: 600, keyBodyField: 'phone' },
  }),
  verifyOtp: defineRoute({
    subject: 'identity.phone.verify-otp', service, method: 'POST', path: '/auth/phone/verify-otp', guard: 'public',
    summary: 'Sign in with the code sent to the phone',
    body: s.VerifyOtpRequest, response: s.AuthResponse,
    rateLimit: { limit: 10, windowSeconds: 600, keyBodyField: 'phone' },
    session: 'start',
    checksCredentials: true,
  }),
  completePhoneRegistration: defineRoute({
    subject: 'identity.phone.complete-registration', service, method: 'POST', path: '/auth/phone/complete-registration', guard: 'public',
    summary: 'Register with a phone: without code a code is sent, with the code the account is created',
    body: s.CompleteRegistrationRequest, response: s.CompleteRegistrationResponse,
    rateLimit: { limit: 5, windowSeconds: 600, keyBodyField: 'phone' },
    session: 'start',
  }),
  me: defineRoute({
    subject: 'identity.auth.me', service, method: 'GET', path: '/auth/me', guard: 'any',
    summary: 'The signed-in user', response: s.UserSchema,
  }),
  logout: defineRoute({
    subject: 'identity.auth.logout', service, method: 'POST', path: '/auth/logout', guard: 'any',
    summary: 'Sign out: the token is revoked on the server', response: MessageResponse,
    session: 'end',
  }),
  refresh: defineRoute({
    subject: 'identity.auth.refresh', service, method: 'POST', path: '/auth/refresh', guard: 'public',
    summary: 'A new access token for the session of the refresh-token cookie; the refresh token is rotated, and a reused one ends the session',
    body: s.RefreshRequest, response: s.RefreshResponse, session: 'refresh',
    rateLimit: { limit: 60, windowSeconds: 60 },
  }),
  // Besides ROUTES.md (the spec has no reset flow): "Forgot password?" — a link by e-mail to set
  // a new password, or a first one for an account made without (an institution's member).
  forgotPassword: defineRoute({
    subject: 'identity.auth.password-forgot', service, method: 'POST', path: '/auth/password/forgot', guard: 'public',
    summary: 'Besides ROUTES.md: e-mail a link to set a new password (valid 60 minutes); the same 202 answer whether or not an account has that e-mail',
    body: s.ForgotPasswordRequest, response: MessageResponse, successStatus: 202,
    // per address here; identity also caps the e-mails per account, whatever the address
    rateLimit: { limit: 10, windowSeconds: 600 },
  }),
  resetPassword: defineRoute({
    subject: 'identity.auth.password-reset', service, method: 'POST', path: '/auth/password/reset', guard: 'public',
    summary: 'Besides ROUTES.md: set the password with the token of a reset link (once); every session of the account ends',
    body: s.ResetPasswordRequest, response: MessageResponse,
    rateLimit: { limit: 10, windowSeconds: 600 },
  }),
  downloadLink: defineRoute({
    subject: 'identity.auth.download-link', service, method: 'POST', path: '/auth/download-link', guard: 'any',
    summary: 'A short-lived link that opens one file route for the caller (the browser fetches files without the bearer header)',
    body: s.DownloadLinkRequest, response: s.DownloadLinkResponse,
  }),
  portalContext: defineRoute({
    subject: 'identity.auth.portal-context', service, method: 'GET', path: '/auth/portal-context', guard: 'any',
    summary: 'The portals (institutions) the user can switch to', response: s.PortalContextResponse,
  }),
  switchPortal: defineRoute({
    subject: 'identity.auth.switch-portal', service, method: 'POST', path: '/auth/switch-portal', guard: 'any',
    summary: 'A token scoped to another institution the user belongs to; the old session ends',
    body: s.SwitchPortalRequest, response: s.SwitchPortalResponse,
    session: 'start',
  }),
  grantSubsidiaryAccess: defineRoute({
    subject: 'identity.auth.grant-subsidiary-access', service, method: 'POST', path: '/auth/grant-subsidiary-access', guard: ['institution'],
    summary: 'Give a user access to an institution in the caller\'s own hierarchy',
    body: s.GrantSubsidiaryAccessRequest, response: MessageResponse,
  }),
  comingSoonSubscribe: defineRoute({
    subject: 'identity.coming-soon.subscribe', service, method: 'POST', path: '/coming-soon/subscribe', guard: 'public',
    summary: 'Be notified at launch (idempotent)', body: s.ComingSoonRequest, response: MessageResponse,
    rateLimit: { limit: 10, windowSeconds: 600 },
  }),
  updateProfile: defineRoute({
    subject: 'identity.user.update-profile', service, method: 'PUT', path: '/users/profile', guard: 'any',
    summary: 'Edit name and e-mail', body: s.ProfileUpdateRequest, response: s.UserResponse,
  }),
  updateNotificationSettings: defineRoute({
    subject: 'identity.user.update-notification-settings', service, method: 'PUT', path: '/users/notification-settings', guard: 'any',
    summary: 'Notification toggles', body: s.NotificationSettingsSchema, response: s.NotificationSettingsResponse,
  }),
  changePassword: defineRoute({
    subject: 'identity.user.change-password', service, method: 'PUT', path: '/users/change-password', guard: 'any',
    summary: 'Change password; the current password is checked; other sessions are signed out',
    body: s.ChangePasswordRequest, response: MessageResponse,
    rateLimit: { limit: 10, windowSeconds: 600 },
  }),
  enable2fa: defineRoute({
    subject: 'identity.user.enable-2fa', service, method: 'POST', path: '/users/enable-2fa', guard: 'any',
    summary: 'Start two-factor setup: a new TOTP secret and its QR code (data URL); while it is on, a current code is required',
    body: s.Enable2faRequest, response: s.Enable2faResponse,
    rateLimit: { limit: 10, windowSeconds: 600 },
  }),
  confirm2fa: defineRoute({
    subject: 'identity.user.confirm-2fa', service, method: 'POST', path: '/users/confirm-2fa', guard: 'any',
    summary: 'Finish two-factor setup with a code from the authenticator; sign-in then asks for a code',
    body: s.Confirm2faRequest, response: MessageResponse,
    rateLimit: { limit: 10, windowSeconds: 600 },
  }),
  exportData: defineRoute({
    subject: 'identity.user.export-data', service, method: 'GET', path: '/users/export-data', guard: 'any',
    summary: 'All of the user\'s data from every service, gathered by a background job, as a JSON file; 202 with the progress while it is being gathered (ask again: the same export, never a second one within the hour)',
    response: FileRefSchema, responseKind: 'file', background: true, timeoutMs: 5_000,
    // one export an hour per user at most (the same one is answered within the hour); the
    // limit bounds the asking, which includes the browser's asking again while it is gathered
    rateLimit: { limit: 60, windowSeconds: 3600, per: 'user' },
  }),
  deleteAccount: defineRoute({
    subject: 'identity.user.delete-account', service, method: 'DELETE', path: '/users/delete-account', guard: 'any',
    summary: 'Schedule the account for deletion and revoke every token', response: s.DeleteAccountResponse,
  }),
  telegramLinkStatus: defineRoute({
    subject: 'identity.telegram.link-status', service, method: 'GET', path: '/telegram/link-status', guard: 'any',
    summary: 'Whether a Telegram account is linked', response: s.TelegramLinkStatus,
  }),
  telegramGenerateLinkCode: defineRoute({
    subject: 'identity.telegram.generate-link-code', service, method: 'POST', path: '/telegram/generate-link-code', guard: 'any',
    summary: 'A code to send to the bot, valid 5 minutes', response: s.TelegramLinkCodeResponse,
  }),
  telegramUnlink: defineRoute({
    subject: 'identity.telegram.unlink', service, method: 'DELETE', path: '/telegram/unlink', guard: 'any',
    summary: 'Unlink the Telegram account', response: MessageResponse,
  }),
  adminListUsers: defineRoute({
    subject: 'identity.admin.list-users', service, method: 'GET', path: '/admin/users', guard: ['admin'],
    summary: 'All users', query: s.AdminUsersQuery, response: s.AdminUsersResponse,
  }),
  adminCreateUser: defineRoute({
    subject: 'identity.admin.create-user', service, method: 'POST', path: '/admin/users', guard: ['admin'],
    summary: 'Create a user of any role', body: s.AdminCreateUserRequest, response: s.AdminCreateUserResponse, successStatus: 201,
  }),
  adminDeleteUser: defineRoute({
    subject: 'identity.admin.delete-user', service, method: 'DELETE', path: '/admin/users/{id}', guard: ['admin'],
    summary: 'Delete a user (schedules deletion, revokes tokens); admins cannot be deleted',
    params: IdParams, response: MessageResponse,
  }),
  adminAnalytics: defineRoute({
    subject: 'identity.admin.analytics', service, method: 'GET', path: '/admin/analytics', guard: ['admin'],
    summary: 'Platform totals from identity\'s data and read models fed by events', response: s.AdminAnalyticsResponse,
  }),
} as const;

/** Bus-only subjects (no HTTP route): called by other apps, never by the browser. */
export const identityInternal = {
  /** a Telegram bot confirms a link code; no bot is built yet, so no principal may call it (tests call it on an open bus) */
  telegramConfirmLink: defineInternal({ subject: 'identity.telegram.confirm-link', request: s.TelegramConfirmLinkRequest, response: MessageResponse, callers: [] }),
  /** the gateway's Google strategy verified a person: kept behind a session id the browser exchanges at POST /auth/session */
  externalSession: defineInternal({ subject: 'identity.auth.external-session', request: s.ExternalIdentitySchema, response: s.DevProviderSessionResponse, callers: ['gateway'] }),
  /** demo data and first admin: creates the user when the e-mail is unknown, else leaves it as it is */
  /**
   * institution adds members (one by one or from a CSV): the account with this e-mail, made
   * when none exists and create is true (its holder sets a password through the reset link)
   */
  ensureMemberAccounts: defineInternal({ subject: 'identity.user.ensure-member-accounts', request: s.EnsureMemberAccountsRequest, response: s.EnsureMemberAccountsReply, callers: ['institution', 'worker'] }),
  /** institution matches a person's invitations by their account's e-mail when its users read model lacks them (read your own writes) */
  accountEmail: defineInternal({ subject: 'identity.user.account-email', request: s.AccountEmailRequest, response: s.AccountEmailReply, callers: ['institution'] }),
  ensureUser: defineInternal({ subject: 'identity.seed.ensure-user', request: s.AdminCreateUserRequest, response: z.object({ id: z.string(), created: z.boolean() }), callers: ['seed'], devOnly: true }),
} as const;

export type IdentityRoutes = typeof identityRoutes;
