import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';

/** There is no Telegram login route: Telegram is linked to an existing account from Profile. */
export function TelegramSignInInfo({ onUseEmail }: { onUseEmail: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm text-slate-700" data-testid="telegram-sign-in-info">
      <h3 className="text-base font-semibold text-slate-900">{t('auth.telegram.title')}</h3>
      <p>{t('auth.telegram.text')}</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{t('auth.telegram.step1')}</li>
        <li>{t('auth.telegram.step2')}</li>
        <li>{t('auth.telegram.step3')}</li>
      </ol>
      <Button variant="outline" className="w-full" onClick={onUseEmail}>
        {t('auth.telegram.useEmail')}
      </Button>
    </div>
  );
}
