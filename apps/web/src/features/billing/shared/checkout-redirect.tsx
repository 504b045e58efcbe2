import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../ui';

/** Spec 9: the payment redirect waits 2 seconds, so the payer reads where they are going. */
export const CHECKOUT_REDIRECT_DELAY_MS = 2000;

/**
 * Going to a provider's hosted checkout: `redirect(url)` shows the notice, and 2 seconds later
 * the browser leaves for the checkout (a full load; the address may be another site, or a
 * path of this app for the demo provider). Leaving the screen first cancels it.
 */
export function useCheckoutRedirect() {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => window.location.assign(target), CHECKOUT_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target]);
  return { redirectingTo: target, redirect: setTarget };
}

/** What the payer sees during those 2 seconds (demo mode: no real gateway). */
export function CheckoutRedirectNotice({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Alert tone="info" className="flex items-start gap-3" data-testid="checkout-redirect">
      <Spinner label={false} className="mt-0.5 text-primary" />
      <span className="space-y-1">
        <span className="block font-medium">{t('billing.redirect.title')}</span>
        <span className="block">{t('billing.redirect.demo')}</span>
        <a href={url} className="block font-medium underline" data-testid="checkout-redirect-link">
          {t('billing.redirect.goNow')}
        </a>
      </span>
    </Alert>
  );
}
