import { institutionRoutes, LEVEL_TYPES, normalizeSubdomain, type Institution, type RouteOutput } from '@lp/contracts';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { FormField, Input, Select, Switch, useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import {
  ORGANIZATIONAL_LEVELS,
  parentCandidates,
  SUBDOMAIN_CHECK_DELAY_MS,
  subdomainToCheck,
  subsidiaryEditFormSchema,
  subsidiaryFormOf,
  subsidiaryFormSchema,
} from './logic';
import { useDebounced } from './parts';

export type Subsidiary = RouteOutput<typeof institutionRoutes.listSubsidiaries>['subsidiaries'][number];

interface SubsidiaryDialogProps {
  institution: Institution;
  subsidiaries: readonly Subsidiary[];
  /** null: closed; 'new': create; a subsidiary: edit it */
  editing: Subsidiary | 'new' | null;
  onClose: () => void;
}

/** Spec 2 "create/edit subsidiary" modal (spec 5 Subsidiary rules). */
export function SubsidiaryDialog({ institution, subsidiaries, editing, onClose }: SubsidiaryDialogProps) {
  if (editing === null) return null;
  const sub = editing === 'new' ? null : editing;
  return <SubsidiaryForm key={sub?.id ?? 'new'} institution={institution} subsidiaries={subsidiaries} sub={sub} onClose={onClose} />;
}

/** The checks the contract cannot make: a parent for a level above 1, and a subdomain the check found taken. */
type LocalField = 'parent_institution_id' | 'subdomain';

function SubsidiaryForm({
  institution,
  subsidiaries,
  sub,
  onClose,
}: {
  institution: Institution;
  subsidiaries: readonly Subsidiary[];
  sub: Subsidiary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(sub ? subsidiaryEditFormSchema : subsidiaryFormSchema, {
    defaultValues: subsidiaryFormOf(sub, institution),
  });
  const stale = [
    institutionRoutes.listSubsidiaries,
    institutionRoutes.orgChart,
    institutionRoutes.hierarchy,
    institutionRoutes.hierarchyPath,
    institutionRoutes.me,
    institutionRoutes.get,
    institutionRoutes.usage,
  ] as const;
  const create = useRouteMutation(institutionRoutes.createSubsidiary, { invalidates: stale });
  const update = useRouteMutation(institutionRoutes.updateSubsidiary, { invalidates: stale });
  const saving = create.isPending || update.isPending;
  const failure = sub ? update : create;

  const subdomain = form.watch('subdomain');
  const level = Number(form.watch('organizational_level'));
  const parents = parentCandidates(institution, subsidiaries, level, sub?.id);

  const levelChanged = (raw: string) => {
    const options = parentCandidates(institution, subsidiaries, Number(raw), sub?.id);
    const parent = form.getValues('parent_institution_id');
    // a parent from another level no longer fits; a single fitting one is the obvious choice
    if (!options.some((p) => p.id === parent)) form.setValue('parent_institution_id', options.length === 1 ? options[0]!.id : '');
  };

  // the check waits for a 500 ms pause and 3+ characters; an unchanged subdomain of an edit is its own
  const settled = useDebounced(subdomain, SUBDOMAIN_CHECK_DELAY_MS);
  const toCheck = subdomainToCheck(settled, sub?.subdomain ?? null);
  const check = useRouteQuery(
    institutionRoutes.checkSubdomain,
    { query: { subdomain: settled } },
    { enabled: toCheck !== null, staleTime: 30_000 },
  );
  const checkCurrent = toCheck !== null && settled === subdomain;
  const takenText = (found: { taken_by?: string | null; reason?: string | null }) =>
    found.taken_by
      ? t('institutionNetwork.subsidiaries.form.taken', { name: found.taken_by })
      : (found.reason ?? t('institutionNetwork.subsidiaries.form.unavailable'));

  /** Puts the local checks on fields the contract found nothing on; true when any failed. */
  const localChecksFail = (contractErrors: Partial<Record<LocalField, unknown>>): boolean => {
    const found: Partial<Record<LocalField, string>> = {};
    if (level > 1 && form.getValues('parent_institution_id') === '')
      found.parent_institution_id = t('institutionNetwork.subsidiaries.form.parentRequired');
    // a subdomain the check already found taken is not sent
    if (checkCurrent && check.data && !check.data.available) found.subdomain = takenText(check.data);
    const failing = Object.entries(found) as [LocalField, string][];
    for (const [name, message] of failing) if (!contractErrors[name]) form.setError(name, { type: 'local', message });
    return failing.length > 0;
  };

  const submit = form.submit(
    (body) => {
      if (localChecksFail({})) return;
      const callbacks = (done: string) => ({
        onSuccess: () => {
          toast({ title: done, tone: 'success' as const });
          onClose();
        },
        onError: form.applyServerError,
      });
      if (sub) {
        update.mutate(
          { params: { id: institution.id, subId: sub.id }, body: unchangedSubdomainLeftOut(body, sub.subdomain) },
          callbacks(t('institutionNetwork.subsidiaries.form.updated')),
        );
        return;
      }
      // without an edit the form was checked by the create schema (subsidiaryFormSchema)
      create.mutate(
        { params: { id: institution.id }, body: body as z.output<typeof subsidiaryFormSchema> },
        callbacks(t('institutionNetwork.subsidiaries.form.created')),
      );
    },
    (errors) => localChecksFail(errors),
  );
  const host = typeof window === 'undefined' ? '' : window.location.host;

  return (
    <FormDialog
      onClose={onClose}
      title={sub ? t('institutionNetwork.subsidiaries.form.editTitle') : t('institutionNetwork.subsidiaries.form.createTitle')}
      description={t('institutionNetwork.subsidiaries.form.description')}
      className="sm:max-w-2xl"
      onSubmit={submit}
      submitLabel={sub ? t('institutionNetwork.subsidiaries.form.update') : t('institutionNetwork.subsidiaries.form.create')}
      cancelLabel={t('institutionNetwork.cancel')}
      pending={saving}
      failed={failure.isError}
      errorTitle={sub ? t('institutionNetwork.subsidiaries.form.updateFailed') : t('institutionNetwork.subsidiaries.form.createFailed')}
      error={form.formError}
      testId="subsidiary-dialog"
      formTestId="subsidiary-form"
      errorTestId="subsidiary-error"
      submitTestId="subsidiary-submit"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.subsidiaries.form.name')} error={form.errorText('name')}>
          {(field) => <Input {...field} {...form.register('name')} maxLength={200} required data-testid="subsidiary-name-input" />}
        </FormField>
        <FormField
          label={t('institutionNetwork.subsidiaries.form.subdomain')}
          error={form.errorText('subdomain')}
          hint={t('institutionNetwork.subsidiaries.form.subdomainHint', { subdomain: subdomain || 'name', host })}
        >
          {(field) => (
            <div className="space-y-1">
              <Input
                {...field}
                value={subdomain}
                onChange={(e) => form.setValue('subdomain', normalizeSubdomain(e.target.value))}
                maxLength={63}
                required
                autoComplete="off"
                data-testid="subsidiary-subdomain-input"
              />
              {checkCurrent && (
                <p className="text-xs" role="status" data-testid="subdomain-availability">
                  {check.isFetching || !check.data ? (
                    <span className="text-slate-600">{t('institutionNetwork.subsidiaries.form.checking')}</span>
                  ) : check.data.available ? (
                    <span className="font-medium text-emerald-700" data-testid="subdomain-available">
                      {t('institutionNetwork.subsidiaries.form.available')}
                    </span>
                  ) : (
                    <span className="font-medium text-red-700" data-testid="subdomain-taken">
                      {takenText(check.data)}
                    </span>
                  )}
                </p>
              )}
            </div>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.level')} error={form.errorText('organizational_level')}>
          {(field) => (
            <Select
              {...field}
              {...form.register('organizational_level', { onChange: (e: { target: { value: string } }) => levelChanged(e.target.value) })}
              required
              data-testid="subsidiary-level-input"
            >
              {ORGANIZATIONAL_LEVELS.map((n) => (
                <option key={n} value={String(n)}>
                  {t('institutionNetwork.subsidiaries.levelValue', { level: n })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.levelType')} error={form.errorText('level_type')}>
          {(field) => (
            <Select {...field} {...form.register('level_type')} required data-testid="subsidiary-level-type-input">
              <option value="">{t('institutionNetwork.subsidiaries.form.chooseLevelType')}</option>
              {LEVEL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`institutionNetwork.levelTypes.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {level > 1 && (
          <FormField
            label={t('institutionNetwork.subsidiaries.form.parent')}
            error={form.errorText('parent_institution_id')}
            hint={parents.length === 0 ? t('institutionNetwork.subsidiaries.form.noParent', { level: level - 1 }) : undefined}
            className="sm:col-span-2"
          >
            {(field) => (
              <Select {...field} {...form.register('parent_institution_id')} required data-testid="subsidiary-parent-input">
                <option value="">{t('institutionNetwork.subsidiaries.form.chooseParent')}</option>
                {parents.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <FormField label={t('institutionNetwork.subsidiaries.form.levelName')} error={form.errorText('level_name')}>
          {(field) => <Input {...field} {...form.register('level_name')} maxLength={80} data-testid="subsidiary-level-name-input" />}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.contactEmail')} error={form.errorText('contact_email')}>
          {(field) => (
            <Input {...field} type="email" {...form.register('contact_email')} maxLength={254} data-testid="subsidiary-email-input" />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.contactPhone')} error={form.errorText('contact_phone')}>
          {(field) => (
            <Input {...field} type="tel" {...form.register('contact_phone')} maxLength={32} data-testid="subsidiary-phone-input" />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.country')} error={form.errorText('country')}>
          {(field) => <Input {...field} {...form.register('country')} maxLength={80} data-testid="subsidiary-country-input" />}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.address')} error={form.errorText('address')} className="sm:col-span-2">
          {(field) => <Input {...field} {...form.register('address')} maxLength={300} data-testid="subsidiary-address-input" />}
        </FormField>
      </div>
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <Switch
          checked={form.watch('inherit_branding')}
          onCheckedChange={(v) => form.setValue('inherit_branding', v)}
          data-testid="subsidiary-inherit-branding"
        />
        {t('institutionNetwork.subsidiaries.form.inheritBranding')}
      </label>
    </FormDialog>
  );
}

/** An edit leaves an unchanged subdomain out, so the service never weighs a subsidiary against its own name. */
function unchangedSubdomainLeftOut<B extends { subdomain?: string | undefined }>(body: B, own: string | null): B {
  if (body.subdomain === undefined || body.subdomain !== own) return body;
  const { subdomain: _same, ...rest } = body;
  return rest as B;
}
