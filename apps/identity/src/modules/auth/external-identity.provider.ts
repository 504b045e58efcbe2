/** A person as an external sign-in provider (Google) vouches for them. */
export interface ExternalIdentity {
  provider: string;
  subject: string;
  email: string;
  name: string;
}

/**
 * Turns the session id the browser brings back from the provider into an identity (or null
 * when unknown/expired/used). `resolve` only looks; `consume` spends the session once the
 * sign-in has passed every check (answers false when it was spent meanwhile).
 */
export abstract class ExternalIdentityProvider {
  abstract readonly name: string;
  abstract resolve(sessionId: string): Promise<ExternalIdentity | null>;
  abstract consume(sessionId: string): Promise<boolean>;
}
