export type AuthMode = 'login' | 'register';
export type AuthMethod = 'email' | 'google' | 'phone' | 'telegram';

export const AUTH_METHODS: readonly AuthMethod[] = ['email', 'google', 'phone', 'telegram'];
