import { identityRoutes, readSessionHash, readSignInError } from '@lp/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { detailOr } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { useToast } from '../../ui';
import type { SessionExchangeBody } from './auth-requests';
import { forgetReferralCode, referralCode } from './referral-code';
import { dashboardPath } from './dashboard-path';
import { needsSecondFactor } from './second-factor';
import { useSession } from './session-context';

export interface GoogleReturn {
  /** the session_id is being exchanged */
  exchanging: boolean;
  /** the account has two-factor authentication: the same sign-in goes again with the code */
  secondFactor: null | { submit: (code: string) => void; cancel: () => void; pending: boolean; error: unknown };
}

/**
 * On any page load whose hash carries `session_id`, exchanges it for a token, clears the
 * hash and goes to the dashboard; asks for the authenticator code when the account has
 * two-factor authentication (the provider's session stays valid until a sign-in passes).
 */
export function useGoogleReturn(): GoogleReturn {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // POST /auth/session: trades the external sign-in's session_id for a platform token
  const exchange = useRouteMutation(identityRoutes.sessionExchange);
  const [returned] = useState(() => readSessionHash(window.location.hash));
  const [done, setDone] = useState(returned === null);
  const [askCode, setAskCode] = useState(false);
  const started = useRef(false);
  const withoutHash = `${location.pathname}${location.search}`;

  const run = useCallback(
    (body: SessionExchangeBody) =>
      exchange.mutate(
        { body },
        {
          onSuccess: ({ session_token, user }) => {
            forgetReferralCode();
            signIn({ token: session_token, user });
            navigate(dashboardPath(user.role), { replace: true });
            setDone(true);
          },
          onError: (error) => {
            // asked for the code, or the code was refused: the prompt shows it
            if (needsSecondFactor(error) || body.totp_code) {
              setAskCode(true);
              return;
            }
            toast({ title: detailOr(error, t('auth.errors.oauthFailed')), tone: 'error' });
            navigate(withoutHash, { replace: true });
            setDone(true);
          },
        },
      ),
    [exchange, signIn, navigate, toast, t, withoutHash],
  );

  useEffect(() => {
    if (!returned || started.current) return;
    started.current = true;
    // an account the exchange creates is registered with the remembered referral code
    const ref = referralCode();
    run(ref ? { ...returned, ref } : returned);
  }, [returned, run]);

  // back from a Google sign-in that did not pass (refused, expired, another browser's): say so once
  useEffect(() => {
    if (!readSignInError(window.location.hash)) return;
    toast({ title: t('auth.errors.oauthFailed'), tone: 'error' });
    navigate(withoutHash, { replace: true });
  }, []); // once, on the page load that came back

  const cancel = useCallback(() => {
    setAskCode(false);
    navigate(withoutHash, { replace: true });
    setDone(true);
  }, [navigate, withoutHash]);

  return {
    exchanging: !done && !askCode,
    secondFactor:
      askCode && returned && !done
        ? { submit: (code) => run({ ...returned, totp_code: code }), cancel, pending: exchange.isPending, error: exchange.error }
        : null,
  };
}
