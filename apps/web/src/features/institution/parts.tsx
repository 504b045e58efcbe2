import type { Institution } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui';
import { canEdit } from './logic';

/** Said once per tab where a readonly member finds the change controls gone. */
export function ReadonlyNote({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  if (canEdit(institution)) return null;
  return (
    <Alert tone="info" data-testid="institution-readonly-note">
      {t('institution.readonly')}
    </Alert>
  );
}

/** A tab's heading row: the title and, on the right, its actions. */
export function TabHeading({ id, title, subtitle, actions }: { id: string; title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-1">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
