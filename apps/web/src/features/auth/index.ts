/** The auth feature's public entry: the session every signed-in screen reads, and the sign-in pieces. */
export { AuthModal } from './auth-modal/lazy-auth-modal';
export type { AuthMode } from './auth-modal/auth-mode';
export { readAuthRedirectState, type AuthRedirectState } from './auth-redirect-state';
export { rememberReferralCode } from './referral-code';
export { currentUserKey } from './current-user-query';
export { dashboardPath } from './dashboard-path';
export { useSession, useSignedInUser } from './session-context';
export { SessionProvider } from './session-provider';
export { storePortalSwitch } from './session-storage';
export { useGoogleReturn } from './use-google-return';
export { useRoleLabel } from './use-role-label';
