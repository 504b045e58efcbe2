import { API_KEY_PERMISSIONS, API_KEY_RATE_LIMIT_MAX, institutionRoutes, type Institution, type RouteOutput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  useToast,
} from '../../../ui';
import { FieldMessage, FormDialog, useContractForm } from '../../../ui/form';
import { apiKeyFormDefaults, apiKeyFormSchema, curlExample, togglePermission } from './logic';

export type CreatedApiKey = RouteOutput<typeof institutionRoutes.createApiKey>;

/** Spec 2 "create API key" modal (spec 5 API key rules); the new key goes to the one-time display. */
export function CreateApiKeyDialog({
  institution,
  open,
  onClose,
  onCreated,
}: {
  institution: Institution;
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  if (!open) return null;
  return <CreateApiKeyForm institution={institution} onClose={onClose} onCreated={onCreated} />;
}

function CreateApiKeyForm({
  institution,
  onClose,
  onCreated,
}: {
  institution: Institution;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(apiKeyFormSchema, { defaultValues: apiKeyFormDefaults() });
  const create = useRouteMutation(institutionRoutes.createApiKey, { invalidates: [institutionRoutes.listApiKeys] });
  const permissions = form.watch('permissions');
  const permissionsError = form.errorText('permissions');

  const submit = form.submit((body) =>
    create.mutate({ params: { id: institution.id }, body }, { onSuccess: onCreated, onError: form.applyServerError }),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('institutionNetwork.apiKeys.form.title')}
      description={t('institutionNetwork.apiKeys.form.description')}
      className="sm:max-w-xl"
      onSubmit={submit}
      submitLabel={t('institutionNetwork.apiKeys.form.submit')}
      cancelLabel={t('institutionNetwork.cancel')}
      pending={create.isPending}
      failed={create.isError}
      errorTitle={t('institutionNetwork.apiKeys.form.failed')}
      error={form.formError}
      testId="api-key-dialog"
      formTestId="api-key-form"
      errorTestId="api-key-error"
      submitTestId="api-key-submit"
    >
      <FormField label={t('institutionNetwork.apiKeys.form.name')} error={form.errorText('key_name')}>
        {(field) => <Input {...field} {...form.register('key_name')} maxLength={100} required data-testid="api-key-name-input" />}
      </FormField>
      <fieldset className="space-y-2" aria-describedby={permissionsError ? 'api-key-permissions-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('institutionNetwork.apiKeys.form.permissions')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_KEY_PERMISSIONS.map((permission) => (
            <label
              key={permission}
              className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="checkbox"
                className="mt-0.5 accent-[var(--color-primary)]"
                checked={permissions.includes(permission)}
                onChange={() => form.setValue('permissions', togglePermission(API_KEY_PERMISSIONS, permissions, permission))}
                data-testid={`api-key-permission-${permission}`}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`institutionNetwork.apiKeys.permissions.${permission}`)}</span>
                <code className="block text-xs text-slate-600">{permission}</code>
              </span>
            </label>
          ))}
        </div>
        <FieldMessage id="api-key-permissions-error" message={permissionsError} testId="api-key-permissions-error" />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.apiKeys.form.rateLimit')} error={form.errorText('rate_limit_per_minute')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('rate_limit_per_minute')}
              type="number"
              inputMode="numeric"
              min={1}
              max={API_KEY_RATE_LIMIT_MAX}
              step={1}
              data-testid="api-key-rate-limit-input"
            />
          )}
        </FormField>
        <FormField
          label={t('institutionNetwork.apiKeys.form.expiry')}
          error={form.errorText('expires_in_days')}
          hint={t('institutionNetwork.apiKeys.form.expiryHint')}
        >
          {(field) => (
            <Input
              {...field}
              {...form.register('expires_in_days')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              data-testid="api-key-expiry-input"
            />
          )}
        </FormField>
      </div>
    </FormDialog>
  );
}

/** Spec 2 "one-time API key display": the full key, Copy, and the warning that it is not shown again. */
export function CreatedApiKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.api_key);
      setCopyFailed(false);
      toast({ title: t('institutionNetwork.apiKeys.created.copied'), tone: 'success' });
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      {/* closing only through Done: a stray click outside would lose the key for good */}
      <DialogContent className="sm:max-w-xl" data-testid="api-key-created-dialog" onInteractOutside={(e) => e.preventDefault()}>
        {created && (
          <>
            <DialogHeader>
              <DialogTitle>{t('institutionNetwork.apiKeys.created.title')}</DialogTitle>
              <DialogDescription>{created.key_name}</DialogDescription>
            </DialogHeader>
            <div className="space-y-3">
              <Alert tone="error" role="status" data-testid="api-key-warning">
                {t('institutionNetwork.apiKeys.created.warning')}
              </Alert>
              <div className="flex items-stretch gap-2">
                <code
                  className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-sm break-all text-slate-900 select-all"
                  data-testid="api-key-value"
                >
                  {created.api_key}
                </code>
                <Button variant="outline" onClick={() => void copy()} data-testid="api-key-copy">
                  {t('institutionNetwork.apiKeys.created.copy')}
                </Button>
              </div>
              {copyFailed && (
                <p className="text-xs text-red-700" role="alert">
                  {t('institutionNetwork.apiKeys.created.copyFailed')}
                </p>
              )}
              <ApiUsage apiKey={created.api_key} />
            </div>
            <DialogFooter>
              <Button onClick={onClose} data-testid="api-key-created-done">
                {t('institutionNetwork.apiKeys.created.done')}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** How to call the API with a key: a bearer header against this site, and the documentation. */
export function ApiUsage({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-3" data-testid="api-usage">
      <h3 className="text-sm font-semibold text-slate-900">{t('institutionNetwork.apiKeys.usage.heading')}</h3>
      <p className="text-sm text-slate-700">{t('institutionNetwork.apiKeys.usage.body')}</p>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" data-testid="api-usage-curl">
        <code>{curlExample(origin, apiKey)}</code>
      </pre>
      <a
        href="/api/docs"
        target="_blank"
        rel="noopener noreferrer"
        className="text-sm font-medium text-primary underline"
        data-testid="api-docs-link"
      >
        {t('institutionNetwork.apiKeys.usage.docs')}
      </a>
    </div>
  );
}
