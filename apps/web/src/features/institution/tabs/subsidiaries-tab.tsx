import { institutionRoutes, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Alert, Badge, Button, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { CascadeDialog } from '../network/cascade-dialog';
import { atCapacity, canEdit, maxSubsidiaries } from '../network/logic';
import { HierarchyPath, OrgChart } from '../network/org-chart';
import { Empty, LoadFailed, Loading, ReadonlyNotice, TabHeader } from '../network/parts';
import { ResourcesDialog } from '../network/resources-dialog';
import { SubsidiaryDialog, type Subsidiary } from '../network/subsidiary-dialog';

const STATUS_TONE = { pending: 'warning', verified: 'success', rejected: 'danger' } as const;

/**
 * Spec 3 Institution, Subsidiaries: the list (GET /institutions/{id}/subsidiaries), create and
 * edit, the capacity warning, the organizational chart and hierarchy path, and per subsidiary
 * its resources; the cascade settings for the whole subtree.
 */
export function SubsidiariesTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const editable = canEdit(institution);
  const list = useRouteQuery(institutionRoutes.listSubsidiaries, { params: { id: institution.id } });
  const [editing, setEditing] = useState<Subsidiary | 'new' | null>(null);
  const [resourcesOf, setResourcesOf] = useState<Subsidiary | null>(null);
  const [cascadeOpen, setCascadeOpen] = useState(false);
  const subsidiaries = list.data?.subsidiaries ?? [];
  const max = maxSubsidiaries(institution);
  const count = list.data ? subsidiaries.length : institution.subsidiary_count;
  const full = atCapacity(count, max);

  return (
    <section aria-labelledby="subsidiaries-heading" className="space-y-5" data-testid="subsidiaries-tab">
      <TabHeader
        id="subsidiaries-heading"
        title={t('institutionNetwork.subsidiaries.heading')}
        description={t('institutionNetwork.subsidiaries.description', { name: institution.name })}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setCascadeOpen(true)} data-testid="cascade-open">
              {t('institutionNetwork.subsidiaries.cascade')}
            </Button>
            {editable && (
              <Button onClick={() => setEditing('new')} data-testid="subsidiary-add">
                {t('institutionNetwork.subsidiaries.add')}
              </Button>
            )}
          </div>
        }
      />
      <HierarchyPath institution={institution} />
      {!editable && <ReadonlyNotice />}
      <p className="text-sm text-slate-700" data-testid="subsidiary-count">
        {t('institutionNetwork.subsidiaries.count', { count, max })}
      </p>
      {full && (
        <Alert tone="error" role="status" data-testid="subsidiary-capacity">
          {t('institutionNetwork.subsidiaries.capacity', { max })}
        </Alert>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} testId="subsidiaries-load-error" />
      ) : subsidiaries.length === 0 ? (
        <Empty title={t('institutionNetwork.subsidiaries.empty')} testId="subsidiaries-empty" />
      ) : (
        <Table data-testid="subsidiaries-table">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('institutionNetwork.subsidiaries.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.subsidiaries.columns.levelType')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.subsidiaries.columns.level')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('institutionNetwork.subsidiaries.columns.students')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('institutionNetwork.subsidiaries.columns.faculty')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('institutionNetwork.subsidiaries.columns.courses')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.subsidiaries.columns.status')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.subsidiaries.columns.actions')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {subsidiaries.map((sub) => (
              <TableRow key={sub.id} data-testid={`subsidiary-row-${sub.id}`}>
                <TableCell>
                  <span className="block font-medium text-slate-900" data-testid="subsidiary-name">
                    {sub.name}
                  </span>
                  {sub.subdomain && <span className="block text-xs text-slate-600">{sub.subdomain}</span>}
                </TableCell>
                <TableCell>{sub.level_name ?? t(`institutionNetwork.levelTypes.${sub.level_type}`)}</TableCell>
                <TableCell>{t('institutionNetwork.subsidiaries.levelValue', { level: sub.organizational_level })}</TableCell>
                <TableCell className="text-right tabular-nums">{sub.total_students}</TableCell>
                <TableCell className="text-right tabular-nums">{sub.total_faculty}</TableCell>
                <TableCell className="text-right tabular-nums">{sub.total_courses}</TableCell>
                <TableCell>
                  <Badge tone={STATUS_TONE[sub.verification_status]} data-testid="subsidiary-status">
                    {t(`institutionNetwork.verification.${sub.verification_status}`)}
                  </Badge>
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-1">
                    {editable && (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(sub)}
                        aria-label={t('institutionNetwork.subsidiaries.editLabel', { name: sub.name })}
                        data-testid={`subsidiary-edit-${sub.id}`}
                      >
                        {t('institutionNetwork.subsidiaries.edit')}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setResourcesOf(sub)}
                      aria-label={t('institutionNetwork.subsidiaries.resourcesLabel', { name: sub.name })}
                      data-testid={`subsidiary-resources-${sub.id}`}
                    >
                      {t('institutionNetwork.subsidiaries.resources')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <OrgChart institution={institution} />
      {editable && (
        <SubsidiaryDialog institution={institution} subsidiaries={subsidiaries} editing={editing} onClose={() => setEditing(null)} />
      )}
      <ResourcesDialog institution={institution} subsidiary={resourcesOf} onClose={() => setResourcesOf(null)} readonly={!editable} />
      <CascadeDialog institution={institution} open={cascadeOpen} onClose={() => setCascadeOpen(false)} readonly={!editable} />
    </section>
  );
}
