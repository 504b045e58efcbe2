import type { SelfRegisterRole } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { GOOGLE_SIGN_IN_PATH } from '../../../config/product';
import { Button } from '../../../ui';

export function GoogleSignIn({ role }: { role: SelfRegisterRole }) {
  const { t } = useTranslation();
  const start = () => window.location.assign(`${GOOGLE_SIGN_IN_PATH}?${new URLSearchParams({ role }).toString()}`);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('auth.google.text', { role: t(`roles.${role}`) })}</p>
      <Button variant="outline" className="w-full" onClick={start} data-testid="google-sign-in">
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8.1Z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.7H2.1v2.8A11 11 0 0 0 12 23Z" />
          <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.3-.4-2s.1-1.4.4-2V7.2H2.1a11 11 0 0 0 0 9.7L5.7 14Z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.2L5.7 10c.9-2.7 3.4-4.6 6.3-4.6Z" />
        </svg>
        {t('auth.google.button')}
      </Button>
    </div>
  );
}
