import { identityRoutes, type User } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/api-error';
import { callRoute } from '../../api/client';
import { useRouteQuery } from '../../api/route-hooks';
import { readToken } from '../../api/token-store';
import { currentUserKey } from './current-user-query';
import { SessionContext, type SessionApi, type SessionStatus } from './session-context';
import { clearStoredSession, storeSession, type SignedInSession } from './session-storage';

/** Leaving reloads the page so no screen, cache entry or timer of the old session survives. */
function reloadAtHome(): void {
  window.location.assign('/');
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());

  // cached under currentUserKey: sign-in writes it, account screens update it
  const me = useRouteQuery(identityRoutes.me, {}, { enabled: token !== null, retry: false, staleTime: Infinity });

  // Spec 4: a stored token whose user cannot be loaded ends the session.
  useEffect(() => {
    if (token !== null && me.isError) {
      clearStoredSession();
      queryClient.clear();
      setToken(null);
    }
  }, [token, me.isError, queryClient]);

  // Any other read answering 401 means the token died (revoked, expired): re-check it the spec's way,
  // by loading the current user, whose failure ends the session.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] === currentUserKey[0]) return;
        if (isApiError(event.action.error) && event.action.error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: currentUserKey });
        }
      }),
    [queryClient],
  );

  const signIn = useCallback(
    (session: SignedInSession) => {
      storeSession(session);
      queryClient.setQueryData<User>(currentUserKey, session.user);
      setToken(session.token);
    },
    [queryClient],
  );

  const updateUser = useCallback((user: User) => queryClient.setQueryData<User>(currentUserKey, user), [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await callRoute(identityRoutes.logout);
    } catch {
      // the token is dropped locally either way; an unreachable server must not keep the user signed in
    }
    clearStoredSession();
    reloadAtHome();
  }, []);

  const leave = useCallback(() => {
    clearStoredSession();
    reloadAtHome();
  }, []);

  const user = token !== null ? (me.data ?? null) : null;
  const status: SessionStatus = token === null ? 'anonymous' : user ? 'authenticated' : 'loading';

  const api = useMemo<SessionApi>(
    () => ({ status, user, signIn, updateUser, signOut, leave }),
    [status, user, signIn, updateUser, signOut, leave],
  );

  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
