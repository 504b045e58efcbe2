import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui';
import { LoadingBlock } from '../../ui/query-state';
import { fetchHealth, uptimeText, type HealthStatus } from './system-health';

const tone = (status: HealthStatus) => (status === 'ok' ? 'success' : status === 'degraded' ? 'warning' : 'danger');

/** The Overview's System Health quick action: each service's status as GET /api/health reports it now. */
export function SystemHealthDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="system-health-dialog">
        <DialogHeader>
          <DialogTitle>{t('adminDashboard.quickActions.health.title')}</DialogTitle>
          <DialogDescription>{t('adminDashboard.quickActions.health.description')}</DialogDescription>
        </DialogHeader>
        {open && <HealthTable />}
      </DialogContent>
    </Dialog>
  );
}

function HealthTable() {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  // asked afresh at every opening: a health view must not show a cached past
  const health = useQuery({
    queryKey: ['gateway.health'],
    queryFn: ({ signal }) => fetchHealth(signal),
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
  const statusText = (status: HealthStatus) => t(`adminDashboard.quickActions.health.statuses.${status}`);

  return (
    <div className="space-y-4">
      {health.isPending ? (
        <LoadingBlock />
      ) : health.isError ? (
        <Alert tone="error" data-testid="system-health-failed">
          {t('adminDashboard.quickActions.health.failed', { detail: detailOrMessage(health.error) })}
        </Alert>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-800" data-testid="system-health-overall" data-status={health.data.status}>
            {t('adminDashboard.quickActions.health.overall', { status: statusText(health.data.status) })}
          </p>
          <Table data-testid="system-health-table">
            <TableHead>
              <tr>
                <TableHeaderCell>{t('adminDashboard.quickActions.health.service')}</TableHeaderCell>
                <TableHeaderCell>{t('adminDashboard.quickActions.health.status')}</TableHeaderCell>
                <TableHeaderCell>{t('adminDashboard.quickActions.health.database')}</TableHeaderCell>
                <TableHeaderCell>{t('adminDashboard.quickActions.health.uptime')}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {health.data.rows.map((row) => (
                <TableRow key={row.service} data-testid="system-health-row" data-service={row.service} data-status={row.status}>
                  <TableCell className="font-medium">{row.service}</TableCell>
                  <TableCell>
                    <Badge tone={tone(row.status)}>{statusText(row.status)}</Badge>
                    {row.detail && <span className="mt-1 block text-xs break-all text-slate-600">{row.detail}</span>}
                  </TableCell>
                  <TableCell>
                    {row.db === null
                      ? '—'
                      : row.db
                        ? t('adminDashboard.quickActions.health.dbUp')
                        : t('adminDashboard.quickActions.health.dbDown')}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{row.uptimeSeconds === null ? '—' : uptimeText(row.uptimeSeconds)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() => void health.refetch()}
          loading={health.isFetching && !health.isPending}
          data-testid="system-health-recheck"
        >
          {t('adminDashboard.quickActions.health.recheck')}
        </Button>
      </DialogFooter>
    </div>
  );
}
