import { gamificationRoutes } from '@lp/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useDetailOrMessage } from '../../api/error-text';
import { Button } from '../../ui';

/** The SPA's service worker (apps/web/public/push-sw.js): it shows a push and opens its link. */
export const PUSH_SERVICE_WORKER = '/push-sw.js';

/** Where this browser stands: it cannot push at all, the person blocked it, or it is off or on here. */
export type BrowserPushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supportsPush = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** A VAPID public key (base64url) as PushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Browser notifications in this browser, inside the notification channels card: asks the
 * browser's permission, subscribes with the server's VAPID key and hands the subscription to
 * the server (POST /notifications/push/subscriptions); turning it off unsubscribes the browser
 * and forgets it on the server. The service worker is registered only when the person turns
 * push on in a browser that supports it. Beside the card's Push switches it says that they
 * reach only browsers where this is on.
 */
export function BrowserPushControl() {
  const { t } = useTranslation();
  const failureText = useDetailOrMessage();
  const server = useRouteQuery(gamificationRoutes.pushPublicKey, {});
  const subscribe = useRouteMutation(gamificationRoutes.subscribePush, { invalidates: [gamificationRoutes.pushPublicKey] });
  const unsubscribe = useRouteMutation(gamificationRoutes.unsubscribePush, { invalidates: [gamificationRoutes.pushPublicKey] });
  const [state, setState] = useState<BrowserPushState>('checking');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const check = async (): Promise<BrowserPushState> => {
      if (!supportsPush()) return 'unsupported';
      if (Notification.permission === 'denied') return 'denied';
      return (await currentSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
    };
    check()
      .catch((): BrowserPushState => 'off')
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const enable = useCallback(async () => {
    const key = server.data?.public_key;
    if (!key) return;
    setBusy(true);
    setFailure(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
      const browser = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) });
      const json = browser.toJSON();
      try {
        await subscribe.mutateAsync({
          body: {
            endpoint: browser.endpoint,
            expirationTime: json.expirationTime ?? null,
            keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
          },
        });
      } catch (err) {
        // the server did not keep it: a browser subscription nothing pushes to would only mislead
        await browser.unsubscribe().catch(() => undefined);
        throw err;
      }
      setState('on');
    } catch (err) {
      setFailure(`${t('notifications.push.enableFailed')} ${failureText(err)}`);
    } finally {
      setBusy(false);
    }
  }, [server.data?.public_key, subscribe, t, failureText]);

  const disable = useCallback(async () => {
    setBusy(true);
    setFailure(null);
    try {
      const browser = await currentSubscription();
      if (browser) {
        await unsubscribe.mutateAsync({ query: { endpoint: browser.endpoint } });
        await browser.unsubscribe();
      }
      setState('off');
    } catch (err) {
      setFailure(`${t('notifications.push.disableFailed')} ${failureText(err)}`);
    } finally {
      setBusy(false);
    }
  }, [unsubscribe, t, failureText]);

  const elsewhere = server.data?.subscriptions ?? 0;
  const unavailable = server.data !== undefined && !server.data.enabled;
  const status =
    state === 'unsupported'
      ? t('notifications.push.unsupported')
      : unavailable
        ? t('notifications.push.unavailable')
        : state === 'denied'
          ? t('notifications.push.denied')
          : state === 'on'
            ? t('notifications.push.on')
            : state === 'off'
              ? t('notifications.push.off')
              : t('common.loading');

  return (
    <div
      className="space-y-2 rounded-lg border border-slate-200 px-3 py-3"
      data-testid="browser-push"
      data-state={unavailable ? 'unavailable' : state}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-slate-900">{t('notifications.push.title')}</p>
          <p className="text-sm text-slate-700" role="status">
            {status}
          </p>
        </div>
        {state === 'off' && !unavailable ? (
          <Button size="sm" onClick={() => void enable()} disabled={busy || !server.data?.public_key}>
            {t('notifications.push.enable')}
          </Button>
        ) : state === 'on' ? (
          <Button size="sm" variant="outline" onClick={() => void disable()} disabled={busy}>
            {t('notifications.push.disable')}
          </Button>
        ) : null}
      </div>
      {state !== 'on' ? (
        <p className="text-xs text-slate-600" data-testid="browser-push-hint">
          {elsewhere > 0 ? t('notifications.push.hintElsewhere', { count: elsewhere }) : t('notifications.push.hintNone')}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
