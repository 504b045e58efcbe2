import { institutionRoutes, type Institution } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import { Badge, Button, FormField, Select, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { useAdminLoadErrorToast } from './admin-load-errors';
import {
  canDecide,
  decisionDate,
  listQuery,
  STATUS_FILTERS,
  statusFilterOf,
  statusTone,
  type Decision,
  type StatusFilter,
} from './institutions-tab-logic';
import { VerifyInstitutionDialog } from './institutions-tab-verify-dialog';

/** Spec 3 admin Institutions: every institution (pending first), filtered by status; pending ones are approved or rejected with notes. */
export function InstitutionsTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const list = useRouteQuery(institutionRoutes.adminInstitutions, { query: listQuery(filter) }, { placeholderData: keepPreviousData });
  useAdminLoadErrorToast(list.error);
  const [deciding, setDeciding] = useState<{ institution: Institution; decision: Decision } | null>(null);

  return (
    <div className="space-y-4" data-testid="admin-institutions">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 className="text-lg font-semibold text-slate-900">{t('adminDashboard.institutions.heading')}</h2>
        <FormField label={t('adminDashboard.institutions.filter')} className="sm:w-56">
          {(field) => (
            <Select
              {...field}
              value={filter}
              onChange={(e) => setFilter(statusFilterOf(e.target.value))}
              data-testid="admin-institution-status-filter"
            >
              {STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {value === 'all' ? t('adminDashboard.institutions.allStatuses') : t(`adminDashboard.institutions.statuses.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <LoadError error={list.error} title={t('adminDashboard.institutions.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.institutions.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="admin-institutions-empty">
          {filter === 'all' ? t('adminDashboard.institutions.none') : t('adminDashboard.institutions.noneWithStatus')}
        </p>
      ) : (
        <Table data-testid="admin-institutions-table" aria-busy={list.isFetching || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('adminDashboard.institutions.name')}</TableHeaderCell>
              <TableHeaderCell>{t('adminDashboard.institutions.contact')}</TableHeaderCell>
              <TableHeaderCell>{t('adminDashboard.institutions.country')}</TableHeaderCell>
              <TableHeaderCell>{t('adminDashboard.institutions.registrationNumber')}</TableHeaderCell>
              <TableHeaderCell>{t('adminDashboard.institutions.status')}</TableHeaderCell>
              <TableHeaderCell>{t('adminDashboard.institutions.created')}</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">{t('adminDashboard.institutions.actions')}</span>
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {list.data.institutions.map((inst) => {
              const decidedAt = decisionDate(inst);
              const none = t('adminDashboard.institutions.notAvailable');
              return (
                <TableRow
                  key={inst.id}
                  data-testid="admin-institution-row"
                  data-institution-id={inst.id}
                  data-status={inst.verification_status}
                >
                  <TableCell>
                    <span className="block font-medium text-slate-900">{inst.name}</span>
                    {inst.subdomain && <span className="block text-xs text-slate-600">{inst.subdomain}</span>}
                  </TableCell>
                  <TableCell className="break-all">
                    <span className="block">{inst.contact_email ?? none}</span>
                    {inst.contact_phone && <span className="block text-xs text-slate-600">{inst.contact_phone}</span>}
                  </TableCell>
                  <TableCell>{inst.country ?? none}</TableCell>
                  <TableCell>{inst.registration_number ?? none}</TableCell>
                  <TableCell>
                    <Badge tone={statusTone(inst.verification_status)} data-testid="admin-institution-status">
                      {t(`adminDashboard.institutions.statuses.${inst.verification_status}`)}
                    </Badge>
                    {decidedAt && (
                      <span className="mt-1 block text-xs whitespace-nowrap text-slate-600" data-testid="admin-institution-decided-at">
                        {inst.verification_status === 'verified'
                          ? t('adminDashboard.institutions.verifiedOn', { date: formatDate(decidedAt) })
                          : t('adminDashboard.institutions.rejectedOn', { date: formatDate(decidedAt) })}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(inst.created_at)}</TableCell>
                  <TableCell className="text-right">
                    {canDecide(inst) && (
                      <div className="flex justify-end gap-2">
                        <Button
                          size="sm"
                          onClick={() => setDeciding({ institution: inst, decision: 'verified' })}
                          data-testid={`approve-institution-${inst.id}`}
                        >
                          {t('adminDashboard.institutions.approve')}
                          <span className="sr-only"> {inst.name}</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-red-700 hover:bg-red-50"
                          onClick={() => setDeciding({ institution: inst, decision: 'rejected' })}
                          data-testid={`reject-institution-${inst.id}`}
                        >
                          {t('adminDashboard.institutions.reject')}
                          <span className="sr-only"> {inst.name}</span>
                        </Button>
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <VerifyInstitutionDialog
        institution={deciding?.institution ?? null}
        decision={deciding?.decision ?? 'verified'}
        onOpenChange={(open) => {
          if (!open) setDeciding(null);
        }}
      />
    </div>
  );
}
