import { institutionRoutes, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Button, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { GrantAccessDialog } from '../network/grant-access-dialog';
import { canEdit } from '../network/logic';
import { Empty, LoadFailed, Loading, ReadonlyNotice, TabHeader } from '../network/parts';

const LEVEL_TONE = { admin: 'primary', standard: 'neutral', readonly: 'warning' } as const;

/**
 * Spec 3 Institution, Portal Access: the real grants (GET /institutions/{id}/portal-access, where
 * the spec shows sample data) and Grant Portal Access to this institution or a subsidiary.
 */
export function PortalAccessTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const editable = canEdit(institution);
  const grants = useRouteQuery(institutionRoutes.portalAccess, { params: { id: institution.id } });
  const subsidiaries = useRouteQuery(institutionRoutes.listSubsidiaries, { params: { id: institution.id } }, { enabled: editable });
  const [granting, setGranting] = useState(false);

  return (
    <section aria-labelledby="portal-access-heading" className="space-y-5" data-testid="portal-access-tab">
      <TabHeader
        id="portal-access-heading"
        title={t('institutionNetwork.portal.heading')}
        description={t('institutionNetwork.portal.description')}
        action={
          editable && (
            <Button onClick={() => setGranting(true)} data-testid="grant-access-open">
              {t('institutionNetwork.portal.grant')}
            </Button>
          )
        }
      />
      {!editable && <ReadonlyNotice />}
      {grants.isPending ? (
        <Loading />
      ) : grants.isError ? (
        <LoadFailed error={grants.error} onRetry={() => void grants.refetch()} testId="portal-access-load-error" />
      ) : grants.data.grants.length === 0 ? (
        <Empty title={t('institutionNetwork.portal.empty')} testId="portal-access-empty" />
      ) : (
        <Table data-testid="portal-access-table">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('institutionNetwork.portal.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.portal.columns.email')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.portal.columns.role')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.portal.columns.access')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.portal.columns.institution')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.portal.columns.granted')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {grants.data.grants.map((grant) => (
              <TableRow key={grant.member_id} data-testid={`portal-grant-row-${grant.member_id}`} data-email={grant.email ?? undefined}>
                <TableCell className="font-medium text-slate-900">{grant.name}</TableCell>
                <TableCell className="break-all">{grant.email ?? '—'}</TableCell>
                <TableCell data-testid="portal-grant-role">{t(`institutionNetwork.portal.roles.${grant.portal_role}`)}</TableCell>
                <TableCell>
                  <Badge tone={LEVEL_TONE[grant.access_level]} data-testid="portal-grant-access">
                    {t(`institutionNetwork.portal.levels.${grant.access_level}`)}
                  </Badge>
                </TableCell>
                <TableCell>{grant.institution_name}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(grant.granted_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editable && (
        <GrantAccessDialog
          institution={institution}
          targets={(subsidiaries.data?.subsidiaries ?? []).map((s) => ({ id: s.id, name: s.name }))}
          open={granting}
          onClose={() => setGranting(false)}
        />
      )}
    </section>
  );
}
