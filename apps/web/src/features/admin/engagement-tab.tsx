import { gamificationRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { BadgeIcon } from '../gamification';

/** The XP rules and the badges, read-only (GET /admin/gamification/rules and /badges): they are data, seeded by migrations. */
export function EngagementTab() {
  const { t, i18n } = useTranslation();
  const rules = useRouteQuery(gamificationRoutes.adminRules, {});
  const badges = useRouteQuery(gamificationRoutes.adminBadges, {});
  const number = new Intl.NumberFormat(i18n.language);
  const rulesTitle = t('gamification.admin.rulesTitle');
  const badgesTitle = t('gamification.admin.badgesTitle');
  return (
    <div className="space-y-6" data-testid="admin-engagement">
      <p className="text-sm text-slate-700">{t('gamification.admin.engagementIntro')}</p>
      <section aria-labelledby="admin-xp-rules-title">
        <Card>
          <CardHeader>
            <CardTitle id="admin-xp-rules-title">{rulesTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            {rules.isPending ? (
              <LoadingBlock />
            ) : rules.isError ? (
              <LoadError error={rules.error} title={t('gamification.admin.rulesFailed')} onRetry={() => void rules.refetch()} />
            ) : (
              <Table data-testid="admin-xp-rules">
                <TableCaption className="sr-only">{rulesTitle}</TableCaption>
                <TableHead>
                  <tr>
                    <TableHeaderCell className="px-3">{t('gamification.admin.ruleColumns.code')}</TableHeaderCell>
                    <TableHeaderCell className="px-3">{t('gamification.admin.ruleColumns.event')}</TableHeaderCell>
                    <TableHeaderCell className="px-3 text-right">{t('gamification.admin.ruleColumns.xp')}</TableHeaderCell>
                    <TableHeaderCell className="px-3 text-right">{t('gamification.admin.ruleColumns.cap')}</TableHeaderCell>
                    <TableHeaderCell className="px-3">{t('gamification.admin.ruleColumns.reversedBy')}</TableHeaderCell>
                    <TableHeaderCell className="px-3">{t('gamification.admin.ruleColumns.active')}</TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {rules.data.map((rule) => (
                    <TableRow key={rule.code} data-testid="admin-xp-rule" data-code={rule.code}>
                      <TableCell className="px-3">
                        <span className="block font-mono text-xs text-slate-900">{rule.code}</span>
                        <span className="block text-xs text-slate-600">{rule.description}</span>
                      </TableCell>
                      <TableCell className="px-3 font-mono text-xs break-all">{rule.event}</TableCell>
                      <TableCell className="px-3 text-right tabular-nums">{number.format(rule.xp)}</TableCell>
                      <TableCell className="px-3 text-right tabular-nums">
                        {rule.daily_cap === null ? t('gamification.admin.noCap') : number.format(rule.daily_cap)}
                      </TableCell>
                      <TableCell className="px-3 font-mono text-xs break-all">{rule.reversed_by ?? '—'}</TableCell>
                      <TableCell className="px-3">
                        <Badge tone={rule.active ? 'success' : 'neutral'}>
                          {t(rule.active ? 'gamification.admin.yes' : 'gamification.admin.no')}
                        </Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </section>
      <section aria-labelledby="admin-badges-title">
        <Card>
          <CardHeader>
            <CardTitle id="admin-badges-title">{badgesTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            {badges.isPending ? (
              <LoadingBlock />
            ) : badges.isError ? (
              <LoadError error={badges.error} title={t('gamification.admin.badgesFailed')} onRetry={() => void badges.refetch()} />
            ) : (
              <Table data-testid="admin-badges">
                <TableCaption className="sr-only">{badgesTitle}</TableCaption>
                <TableHead>
                  <tr>
                    <TableHeaderCell className="px-3">{t('gamification.admin.badgeColumns.badge')}</TableHeaderCell>
                    <TableHeaderCell className="px-3">{t('gamification.admin.badgeColumns.criteria')}</TableHeaderCell>
                    <TableHeaderCell className="px-3 text-right">{t('gamification.admin.badgeColumns.awarded')}</TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {badges.data.map((badge) => (
                    <TableRow key={badge.code} data-testid="admin-badge" data-code={badge.code}>
                      <TableCell className="px-3">
                        <span className="flex items-center gap-2">
                          <BadgeIcon icon={badge.icon} className="size-4 shrink-0 text-amber-700" />
                          <span>
                            <span className="block font-medium text-slate-900">{badge.name}</span>
                            <span className="block text-xs text-slate-600">{badge.description}</span>
                          </span>
                        </span>
                      </TableCell>
                      <TableCell className="px-3 text-xs">{badge.criteria}</TableCell>
                      <TableCell className="px-3 text-right tabular-nums">{number.format(badge.awarded)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
