import type { User } from '@lp/contracts';
import { createContext, useContext } from 'react';
import type { SignedInSession } from './session-storage';

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

export interface SessionApi {
  status: SessionStatus;
  user: User | null;
  /** stores the session and makes the user current without another round trip */
  signIn: (session: SignedInSession) => void;
  /** replaces the local copy of the user after a successful change on the server */
  updateUser: (user: User) => void;
  /** revokes the token on the server (best effort), clears storage and reloads at / */
  signOut: () => Promise<void>;
  /** clears storage and reloads at / without calling the server (the account is gone) */
  leave: () => void;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** For screens under a guard: the user is known there. */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser used outside a signed-in route');
  return user;
}
