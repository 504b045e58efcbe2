import { institutionRoutes, type Institution } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Switch,
  useToast,
} from '../../../ui';
import { FailedAlert, LoadFailed, Loading } from './parts';

const TOGGLES = ['branding', 'pricing', 'policies', 'content', 'users'] as const;
type Toggle = (typeof TOGGLES)[number];

/** Spec 2 "cascade settings" modal: what apply-cascade copies down, and Apply. */
export function CascadeDialog({
  institution,
  open,
  onClose,
  readonly,
}: {
  institution: Institution;
  open: boolean;
  onClose: () => void;
  readonly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="cascade-dialog">
        <DialogHeader>
          <DialogTitle>{t('institutionNetwork.subsidiaries.cascadeDialog.title')}</DialogTitle>
          <DialogDescription>
            {t('institutionNetwork.subsidiaries.cascadeDialog.description', { name: institution.name })}
          </DialogDescription>
        </DialogHeader>
        {open && <CascadeBody institution={institution} onClose={onClose} readonly={readonly} />}
      </DialogContent>
    </Dialog>
  );
}

function CascadeBody({ institution, onClose, readonly }: { institution: Institution; onClose: () => void; readonly: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDateTime = useFormatDateTime();
  const params = { id: institution.id };
  const settings = useRouteQuery(institutionRoutes.cascadeSettings, { params });
  const update = useRouteMutation(institutionRoutes.updateCascadeSettings, { invalidates: [institutionRoutes.cascadeSettings] });
  // a cascade copies plans, courses and members down: every view of the subtree may change
  const apply = useRouteMutation(institutionRoutes.applyCascade, { invalidates: ['institution.'] });

  const flip = (key: Toggle, value: boolean) =>
    update.mutate(
      { params, body: { [key]: value } },
      { onSuccess: () => toast({ title: t('institutionNetwork.subsidiaries.cascadeDialog.saved'), tone: 'success' }) },
    );
  const run = () => apply.mutate({ params }, { onSuccess: (reply) => toast({ title: reply.message, tone: 'success' }) });

  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  const current = settings.data.cascade_settings;

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {TOGGLES.map((key) => (
          <li key={key} className="flex items-center justify-between gap-3 p-3">
            <label htmlFor={`cascade-${key}`} className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{t(`institutionNetwork.subsidiaries.cascadeDialog.${key}`)}</span>
              <span className="block text-xs text-slate-600">{t(`institutionNetwork.subsidiaries.cascadeDialog.${key}Hint`)}</span>
            </label>
            <Switch
              id={`cascade-${key}`}
              checked={current[key]}
              disabled={readonly || update.isPending}
              onCheckedChange={(v) => flip(key, v)}
              data-testid={`cascade-${key}`}
            />
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600" data-testid="cascade-last-applied">
        {settings.data.last_applied_at
          ? t('institutionNetwork.subsidiaries.cascadeDialog.lastApplied', { date: formatDateTime(settings.data.last_applied_at) })
          : t('institutionNetwork.subsidiaries.cascadeDialog.neverApplied')}
      </p>
      {update.isError && (
        <FailedAlert
          title={t('institutionNetwork.subsidiaries.cascadeDialog.updateFailed')}
          error={update.error}
          testId="cascade-update-error"
        />
      )}
      {apply.isError && (
        <FailedAlert
          title={t('institutionNetwork.subsidiaries.cascadeDialog.applyFailed')}
          error={apply.error}
          testId="cascade-apply-error"
        />
      )}
      {apply.isSuccess && (
        <Alert tone="success" data-testid="cascade-applied">
          {apply.data.message}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('institutionNetwork.close')}
        </Button>
        {!readonly && (
          <Button onClick={run} loading={apply.isPending} data-testid="cascade-apply">
            {t('institutionNetwork.subsidiaries.cascadeDialog.apply')}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
