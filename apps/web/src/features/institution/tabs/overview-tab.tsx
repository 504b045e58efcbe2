import { institutionRoutes, type Institution } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { formatDecimal, formatPercent } from '../../../lib/figures';
import { Button, ProgressBar } from '../../../ui';
import { LoadError } from '../../../ui/query-state';
import { Block, StatFigure } from '../../mentor-insights';
import { usageRows, type InstitutionTab } from '../logic';
import { TabHeading } from '../parts';

const QUICK_LINKS: readonly InstitutionTab[] = [
  'courses',
  'students',
  'faculty',
  'bulk-enroll',
  'analytics',
  'subsidiaries',
  'billing',
  'settings',
];

/**
 * Spec 3 Overview: the dashboard figures (students, faculty, enrollments, completion rate,
 * students active in the last 30 days), the tier's usage and quick links to the other tabs.
 */
export function OverviewTab({ institution, onOpen }: { institution: Institution; onOpen: (tab: InstitutionTab) => void }) {
  const { t, i18n } = useTranslation();
  const stats = useRouteQuery(institutionRoutes.dashboard, { params: { id: institution.id } });
  const usage = useRouteQuery(institutionRoutes.usage, { params: { id: institution.id } });
  const s = stats.data;
  const count = (n: number | undefined) => (n === undefined ? null : formatDecimal(n, i18n.language));

  return (
    <section aria-labelledby="institution-overview-heading" className="space-y-6" data-testid="institution-overview">
      <TabHeading id="institution-overview-heading" title={t('institution.overview.heading')} />
      {stats.isError && <LoadError error={stats.error} title={t('institution.overview.loadFailed')} onRetry={() => void stats.refetch()} />}
      <div
        role="group"
        aria-label={t('institution.overview.figuresLabel')}
        className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5"
      >
        <StatFigure
          label={t('institution.overview.totalStudents')}
          source={stats}
          value={count(s?.total_students)}
          hint={t('institution.overview.totalStudentsHint')}
          testId="overview-total-students"
        />
        <StatFigure
          label={t('institution.overview.totalFaculty')}
          source={stats}
          value={count(s?.total_faculty)}
          hint={t('institution.overview.totalFacultyHint')}
          testId="overview-total-faculty"
        />
        <StatFigure
          label={t('institution.overview.totalEnrollments')}
          source={stats}
          value={count(s?.total_enrollments)}
          hint={t('institution.overview.totalEnrollmentsHint')}
          testId="overview-total-enrollments"
        />
        <StatFigure
          label={t('institution.overview.completionRate')}
          source={stats}
          value={s && s.total_enrollments > 0 ? formatPercent(s.completion_rate, i18n.language) : null}
          hint={s && s.total_enrollments > 0 ? t('institution.overview.completionRateHint') : t('institution.overview.noCompletion')}
          testId="overview-completion-rate"
        />
        <StatFigure
          label={t('institution.overview.activeStudents')}
          source={stats}
          value={count(s?.active_students)}
          hint={t('institution.overview.activeStudentsHint')}
          testId="overview-active-students"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Block title={t('institution.overview.usage')} id="institution-usage-heading" testId="overview-usage">
          {usage.isPending ? (
            <p className="text-sm text-slate-600">{t('common.loading')}</p>
          ) : usage.isError ? (
            <LoadError error={usage.error} title={t('institution.overview.usageFailed')} onRetry={() => void usage.refetch()} />
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600" data-testid="overview-usage-tier">
                {t('institution.overview.tier', { tier: usage.data.tier_name })}
              </p>
              <ul className="space-y-3">
                {usageRows(usage.data).map((row) => {
                  const label = t(`institution.usage.${row.key}`);
                  const used = formatDecimal(row.used, i18n.language);
                  return (
                    <li key={row.key} data-testid={`overview-usage-${row.key}`}>
                      <div className="mb-1 flex justify-between text-sm">
                        <span className="text-slate-700">{label}</span>
                        <span className="font-medium text-slate-900">
                          {row.limit === null
                            ? t('institution.usage.unlimited', { used })
                            : row.limit <= 0
                              ? t('institution.usage.notIncluded', { used })
                              : t('institution.usage.ofLimit', { used, limit: formatDecimal(row.limit, i18n.language) })}
                        </span>
                      </div>
                      {row.percent !== null && (
                        <ProgressBar
                          value={row.percent}
                          label={label}
                          valueText={`${row.percent}%`}
                          size="sm"
                          tone={row.percent >= 100 ? 'danger' : row.percent >= 80 ? 'warning' : 'primary'}
                        />
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Block>
        <Block title={t('institution.overview.quickLinks')} id="institution-quick-links-heading" testId="overview-quick-links">
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {QUICK_LINKS.map((tab) => (
              <Button
                key={tab}
                variant="outline"
                className="justify-start"
                onClick={() => onOpen(tab)}
                data-testid={`overview-link-${tab}`}
              >
                {t(`institution.tabs.${tab}`)}
              </Button>
            ))}
          </div>
        </Block>
      </div>
    </section>
  );
}
