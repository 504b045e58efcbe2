/**
 * The caller-signing key pair used when development or tests do not configure one. It is
 * published here, so it proves nothing: the apps refuse it in production (config.ts), and
 * `npm start` generates a fresh pair per run anyway.
 */
export const DEV_CALLER_KEYS = Object.freeze({
  privateKey: 'MC4CAQAwBQYDK2VwBCIEIAYB3muBdinGnMovhk0DQncQioaurfRI1YDFhRfvB81I',
  publicKey: 'MCowBQYDK2VwAyEAeLo1KJW0m2+uWM9jw8+++wgzZRqRDSAXoBNAaCrMvCw=',
});
