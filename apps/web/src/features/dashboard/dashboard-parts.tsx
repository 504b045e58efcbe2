import type { Role } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDetailOrMessage } from '../../api/error-text';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, Button, Card, PageHeader, Spinner } from '../../ui';
import { useSignedInUser } from '../auth';

/** A query's state as a figure needs it (react-query's result fits). */
export interface FigureSource {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface FigureProps {
  label: string;
  source: FigureSource;
  /** the figure, or null when there is no data yet (then `hint` says why) */
  value: string | null;
  hint: string;
  testId: string;
}

/**
 * One figure of a dashboard. Without data it shows "—" and a sentence, never a bare 0 that
 * would read as a measured value; a failed load says so instead of showing anything.
 */
export function Figure({ label, source, value, hint, testId }: FigureProps) {
  const { t } = useTranslation();
  const detail = useDetailOrMessage();
  let shown: ReactNode;
  let note = hint;
  if (source.isPending) {
    shown = <Spinner className="size-5 text-primary" label={false} />;
    note = t('roleDashboard.loadingFigure');
  } else if (source.isError || value === null) {
    shown = <span aria-hidden="true">{t('roleDashboard.noFigure')}</span>;
    if (source.isError) note = t('roleDashboard.figureFailed', { detail: detail(source.error) });
  } else {
    shown = value;
  }
  return (
    <Card
      className="p-4 sm:p-5"
      data-testid={testId}
      data-state={source.isPending ? 'loading' : source.isError ? 'error' : value === null ? 'empty' : 'ready'}
    >
      <dl>
        <dt className="text-sm font-medium text-slate-600">{label}</dt>
        <dd className="mt-1 flex min-h-8 items-center text-2xl font-bold text-slate-900" data-testid={`${testId}-value`}>
          {shown}
        </dd>
        <dd className="mt-1 text-xs text-slate-600" data-testid={`${testId}-hint`}>
          {note}
        </dd>
      </dl>
    </Card>
  );
}

export interface Shortcut {
  to: string;
  label: string;
  testId: string;
}

/** The role's main actions as one row of buttons; the first is the primary one unless `plain`. */
export function Shortcuts({ items, plain = false }: { items: readonly Shortcut[]; plain?: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-shortcuts" className="mb-8">
      <h2 id="dashboard-shortcuts" className="sr-only">
        {t('roleDashboard.shortcutsHeading')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item, index) => (
          <li key={item.to}>
            <Button asChild variant={index === 0 && !plain ? 'primary' : 'outline'}>
              <Link to={item.to} data-testid={item.testId}>
                {item.label}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The frame of a role's dashboard: the greeting of spec 2.4, then the role's own content. */
export function DashboardFrame({ role, children }: { role: Role; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const name = user.name || t('account.personal.unknownUser');
  const roleName = t(`roles.${role}`);
  usePageTitle(t('nav.dashboard'));
  return (
    <div data-testid={`${role}-dashboard`} data-role={role}>
      <PageHeader
        title={t('dashboard.welcome', { name })}
        subtitle={t('dashboard.roleLine', { role: roleName })}
        actions={<Badge className="self-start sm:self-auto">{roleName}</Badge>}
      />
      {children}
    </div>
  );
}

/** A titled section of figures. */
export function FigureGrid({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-figures" className="mb-8">
      <h2 id="dashboard-figures" className="mb-4 text-lg font-semibold text-slate-900">
        {t('roleDashboard.figuresHeading')}
      </h2>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 lg:grid-cols-3">{children}</div>
    </section>
  );
}
