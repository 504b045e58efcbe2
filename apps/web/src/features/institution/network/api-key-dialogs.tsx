import {
  API_KEY_PERMISSIONS,
  API_KEY_RATE_LIMIT_MAX,
  CreateApiKeyRequest,
  institutionRoutes,
  type Institution,
  type RouteOutput,
} from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/field-errors';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
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
import { apiKeyBody, apiKeyFormDefaults, curlExample, togglePermission, type ApiKeyFormValues } from './logic';
import { FailedAlert, issuesByField } from './parts';

export type CreatedApiKey = RouteOutput<typeof institutionRoutes.createApiKey>;

const FIELDS = ['key_name', 'permissions', 'rate_limit_per_minute', 'expires_in_days'] as const;

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
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="api-key-dialog">
        <DialogHeader>
          <DialogTitle>{t('institutionNetwork.apiKeys.form.title')}</DialogTitle>
          <DialogDescription>{t('institutionNetwork.apiKeys.form.description')}</DialogDescription>
        </DialogHeader>
        {open && <CreateApiKeyForm institution={institution} onCancel={onClose} onCreated={onCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateApiKeyForm({
  institution,
  onCancel,
  onCreated,
}: {
  institution: Institution;
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const [values, setValues] = useState<ApiKeyFormValues>(apiKeyFormDefaults);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useRouteMutation(institutionRoutes.createApiKey, { invalidates: [institutionRoutes.listApiKeys] });
  const set = <K extends keyof ApiKeyFormValues>(key: K, value: ApiKeyFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = CreateApiKeyRequest.safeParse(apiKeyBody(values));
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      return;
    }
    setErrors({});
    create.mutate(
      { params: { id: institution.id }, body: checked.data },
      { onSuccess: onCreated, onError: (error) => setErrors(fieldErrorsOf(error, FIELDS).byField) },
    );
  };
  const err = (field: string) => vt(errors[field]);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="api-key-form">
      <FormField label={t('institutionNetwork.apiKeys.form.name')} error={err('key_name')}>
        {(field) => (
          <Input
            {...field}
            value={values.key_name}
            onChange={(e) => set('key_name', e.target.value)}
            maxLength={100}
            required
            data-testid="api-key-name-input"
          />
        )}
      </FormField>
      <fieldset className="space-y-2" aria-describedby={errors.permissions ? 'api-key-permissions-error' : undefined}>
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
                checked={values.permissions.includes(permission)}
                onChange={() => set('permissions', togglePermission(API_KEY_PERMISSIONS, values.permissions, permission))}
                data-testid={`api-key-permission-${permission}`}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`institutionNetwork.apiKeys.permissions.${permission}`)}</span>
                <code className="block text-xs text-slate-600">{permission}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.permissions && (
          <p
            id="api-key-permissions-error"
            className="text-xs font-medium text-red-700"
            role="alert"
            data-testid="api-key-permissions-error"
          >
            {vt(errors.permissions)}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.apiKeys.form.rateLimit')} error={err('rate_limit_per_minute')}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={1}
              max={API_KEY_RATE_LIMIT_MAX}
              step={1}
              value={values.rate_limit_per_minute}
              onChange={(e) => set('rate_limit_per_minute', e.target.value)}
              data-testid="api-key-rate-limit-input"
            />
          )}
        </FormField>
        <FormField
          label={t('institutionNetwork.apiKeys.form.expiry')}
          error={err('expires_in_days')}
          hint={t('institutionNetwork.apiKeys.form.expiryHint')}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={values.expires_in_days}
              onChange={(e) => set('expires_in_days', e.target.value)}
              data-testid="api-key-expiry-input"
            />
          )}
        </FormField>
      </div>
      {create.isError && <FailedAlert title={t('institutionNetwork.apiKeys.form.failed')} error={create.error} testId="api-key-error" />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('institutionNetwork.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="api-key-submit">
          {t('institutionNetwork.apiKeys.form.submit')}
        </Button>
      </DialogFooter>
    </form>
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
