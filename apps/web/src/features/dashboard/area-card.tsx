import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cn, focusRing } from '../../ui';

interface AreaCardProps {
  to: string;
  title: string;
  description: string;
  testId: string;
}

/** A card that is one link: the heading names the area, the text says what is there. */
export function AreaCard({ to, title, description, testId }: AreaCardProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      data-testid={testId}
      className={cn(
        'group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md',
        focusRing,
      )}
    >
      <h3 className="font-semibold text-slate-900 group-hover:text-primary">{title}</h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{description}</p>
      <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary" aria-hidden="true">
        {t('common.open')} →
      </span>
    </Link>
  );
}
