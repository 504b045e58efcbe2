import { useTranslation } from 'react-i18next';
import { formatMinutesSeconds } from './use-countdown';

interface LinkCodePanelProps {
  code: string;
  secondsLeft: number;
}

export function LinkCodePanel({ code, secondsLeft }: LinkCodePanelProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 rounded-xl border border-indigo-200 bg-primary-soft p-4" data-testid="telegram-link-code">
      <p className="text-sm text-slate-800">{t('telegram.codeIntro')}</p>
      <p className="font-mono text-3xl font-bold tracking-[0.2em] break-all text-primary-strong" data-testid="telegram-code">
        {code}
      </p>
      <p className="text-sm text-slate-800">{t('telegram.codeCommand', { code })}</p>
      <p className="text-sm font-medium text-slate-800" data-testid="telegram-countdown">
        {t('telegram.expiresIn', { time: formatMinutesSeconds(secondsLeft) })}
      </p>
    </div>
  );
}
