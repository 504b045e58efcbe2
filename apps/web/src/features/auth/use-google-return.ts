import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { detailOr } from '../../api/error-text';
import { useToast } from '../../ui';
import { dashboardPath } from './dashboard-path';
import { useSession } from './session-context';
import { readSessionHash } from './session-hash';
import { useSessionExchange } from './use-session-exchange';

/**
 * On any page load whose hash carries `session_id`, exchanges it for a token,
 * clears the hash and goes to the dashboard. Returns true while that is going on.
 */
export function useGoogleReturn(): boolean {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const exchange = useSessionExchange();
  const [returned] = useState(() => readSessionHash(window.location.hash));
  const [done, setDone] = useState(returned === null);
  const started = useRef(false);

  useEffect(() => {
    if (!returned || started.current) return;
    started.current = true;
    const withoutHash = `${location.pathname}${location.search}`;
    exchange.mutate(returned, {
      onSuccess: (session) => {
        signIn(session);
        navigate(dashboardPath(session.user.role), { replace: true });
      },
      onError: (error) => {
        toast({ title: detailOr(error, t('auth.errors.oauthFailed')), tone: 'error' });
        navigate(withoutHash, { replace: true });
      },
      onSettled: () => setDone(true),
    });
  }, [returned, exchange, signIn, navigate, location.pathname, location.search, toast, t]);

  return !done;
}
