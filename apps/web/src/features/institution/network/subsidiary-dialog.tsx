import {
  institutionRoutes,
  LEVEL_TYPES,
  normalizeSubdomain,
  SubsidiaryRequest,
  SubsidiaryUpdateRequest,
  type Institution,
  type LevelType,
  type RouteOutput,
} from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/field-errors';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Switch,
  useToast,
} from '../../../ui';
import {
  ORGANIZATIONAL_LEVELS,
  parentCandidates,
  SUBDOMAIN_CHECK_DELAY_MS,
  subdomainToCheck,
  subsidiaryBody,
  subsidiaryFormOf,
  type SubsidiaryFormValues,
} from './logic';
import { FailedAlert, issuesByField, useDebounced } from './parts';

export type Subsidiary = RouteOutput<typeof institutionRoutes.listSubsidiaries>['subsidiaries'][number];

const FIELDS = [
  'name',
  'subdomain',
  'organizational_level',
  'level_type',
  'level_name',
  'parent_institution_id',
  'contact_email',
  'contact_phone',
  'address',
  'country',
  'inherit_branding',
] as const;

interface SubsidiaryDialogProps {
  institution: Institution;
  subsidiaries: readonly Subsidiary[];
  /** null: closed; 'new': create; a subsidiary: edit it */
  editing: Subsidiary | 'new' | null;
  onClose: () => void;
}

/** Spec 2 "create/edit subsidiary" modal (spec 5 Subsidiary rules). */
export function SubsidiaryDialog({ institution, subsidiaries, editing, onClose }: SubsidiaryDialogProps) {
  const { t } = useTranslation();
  const sub = editing === 'new' ? null : editing;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="subsidiary-dialog">
        <DialogHeader>
          <DialogTitle>
            {sub ? t('institutionNetwork.subsidiaries.form.editTitle') : t('institutionNetwork.subsidiaries.form.createTitle')}
          </DialogTitle>
          <DialogDescription>{t('institutionNetwork.subsidiaries.form.description')}</DialogDescription>
        </DialogHeader>
        {editing !== null && (
          <SubsidiaryForm key={sub?.id ?? 'new'} institution={institution} subsidiaries={subsidiaries} sub={sub} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SubsidiaryForm({
  institution,
  subsidiaries,
  sub,
  onDone,
}: {
  institution: Institution;
  subsidiaries: readonly Subsidiary[];
  sub: Subsidiary | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [values, setValues] = useState<SubsidiaryFormValues>(() => subsidiaryFormOf(sub, institution));
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  const set = <K extends keyof SubsidiaryFormValues>(key: K, value: SubsidiaryFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const level = Number(values.organizational_level);
  const parents = parentCandidates(institution, subsidiaries, level, sub?.id);

  const setLevel = (raw: string) => {
    const next = Number(raw);
    const options = parentCandidates(institution, subsidiaries, next, sub?.id);
    setValues((v) => ({
      ...v,
      organizational_level: raw,
      // a parent from another level no longer fits; a single fitting one is the obvious choice
      parent_institution_id: options.some((p) => p.id === v.parent_institution_id)
        ? v.parent_institution_id
        : options.length === 1
          ? options[0]!.id
          : '',
    }));
  };

  // the check waits for a 500 ms pause and 3+ characters; an unchanged subdomain of an edit is its own
  const settled = useDebounced(values.subdomain, SUBDOMAIN_CHECK_DELAY_MS);
  const toCheck = subdomainToCheck(settled, sub?.subdomain ?? null);
  const check = useRouteQuery(
    institutionRoutes.checkSubdomain,
    { query: { subdomain: settled } },
    { enabled: toCheck !== null, staleTime: 30_000 },
  );
  const checkCurrent = toCheck !== null && settled === values.subdomain;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const raw = subsidiaryBody(values);
    const checked = sub ? SubsidiaryUpdateRequest.safeParse(raw) : SubsidiaryRequest.safeParse(raw);
    const found = checked.success ? {} : issuesByField(checked.error.issues);
    if (level > 1 && values.parent_institution_id === '')
      found.parent_institution_id ??= t('institutionNetwork.subsidiaries.form.parentRequired');
    // a subdomain the check already found taken is not sent
    if (checkCurrent && check.data && !check.data.available)
      found.subdomain ??= check.data.taken_by
        ? t('institutionNetwork.subsidiaries.form.taken', { name: check.data.taken_by })
        : (check.data.reason ?? t('institutionNetwork.subsidiaries.form.unavailable'));
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    const onError = (error: Error) => setErrors(fieldErrorsOf(error, FIELDS).byField);
    if (sub) {
      update.mutate(
        { params: { id: institution.id, subId: sub.id }, body: unchangedSubdomainLeftOut(checked.data, sub.subdomain) },
        {
          onSuccess: () => {
            toast({ title: t('institutionNetwork.subsidiaries.form.updated'), tone: 'success' });
            onDone();
          },
          onError,
        },
      );
      return;
    }
    const created = SubsidiaryRequest.safeParse(raw);
    if (!created.success) return;
    create.mutate(
      { params: { id: institution.id }, body: created.data },
      {
        onSuccess: () => {
          toast({ title: t('institutionNetwork.subsidiaries.form.created'), tone: 'success' });
          onDone();
        },
        onError,
      },
    );
  };
  const err = (field: string) => vt(errors[field]);
  const host = typeof window === 'undefined' ? '' : window.location.host;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="subsidiary-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.subsidiaries.form.name')} error={err('name')}>
          {(field) => (
            <Input
              {...field}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={200}
              required
              data-testid="subsidiary-name-input"
            />
          )}
        </FormField>
        <FormField
          label={t('institutionNetwork.subsidiaries.form.subdomain')}
          error={err('subdomain')}
          hint={t('institutionNetwork.subsidiaries.form.subdomainHint', { subdomain: values.subdomain || 'name', host })}
        >
          {(field) => (
            <div className="space-y-1">
              <Input
                {...field}
                value={values.subdomain}
                onChange={(e) => set('subdomain', normalizeSubdomain(e.target.value))}
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
                      {check.data.taken_by
                        ? t('institutionNetwork.subsidiaries.form.taken', { name: check.data.taken_by })
                        : (check.data.reason ?? t('institutionNetwork.subsidiaries.form.unavailable'))}
                    </span>
                  )}
                </p>
              )}
            </div>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.level')} error={err('organizational_level')}>
          {(field) => (
            <Select
              {...field}
              value={values.organizational_level}
              onChange={(e) => setLevel(e.target.value)}
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
        <FormField label={t('institutionNetwork.subsidiaries.form.levelType')} error={err('level_type')}>
          {(field) => (
            <Select
              {...field}
              value={values.level_type}
              onChange={(e) => set('level_type', e.target.value as LevelType | '')}
              required
              data-testid="subsidiary-level-type-input"
            >
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
            error={err('parent_institution_id')}
            hint={parents.length === 0 ? t('institutionNetwork.subsidiaries.form.noParent', { level: level - 1 }) : undefined}
            className="sm:col-span-2"
          >
            {(field) => (
              <Select
                {...field}
                value={values.parent_institution_id}
                onChange={(e) => set('parent_institution_id', e.target.value)}
                required
                data-testid="subsidiary-parent-input"
              >
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
        <FormField label={t('institutionNetwork.subsidiaries.form.levelName')} error={err('level_name')}>
          {(field) => (
            <Input
              {...field}
              value={values.level_name}
              onChange={(e) => set('level_name', e.target.value)}
              maxLength={80}
              data-testid="subsidiary-level-name-input"
            />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.contactEmail')} error={err('contact_email')}>
          {(field) => (
            <Input
              {...field}
              type="email"
              value={values.contact_email}
              onChange={(e) => set('contact_email', e.target.value)}
              maxLength={254}
              data-testid="subsidiary-email-input"
            />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.contactPhone')} error={err('contact_phone')}>
          {(field) => (
            <Input
              {...field}
              type="tel"
              value={values.contact_phone}
              onChange={(e) => set('contact_phone', e.target.value)}
              maxLength={32}
              data-testid="subsidiary-phone-input"
            />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.country')} error={err('country')}>
          {(field) => (
            <Input
              {...field}
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
              maxLength={80}
              data-testid="subsidiary-country-input"
            />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.subsidiaries.form.address')} error={err('address')} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              value={values.address}
              onChange={(e) => set('address', e.target.value)}
              maxLength={300}
              data-testid="subsidiary-address-input"
            />
          )}
        </FormField>
      </div>
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <Switch
          checked={values.inherit_branding}
          onCheckedChange={(v) => set('inherit_branding', v)}
          data-testid="subsidiary-inherit-branding"
        />
        {t('institutionNetwork.subsidiaries.form.inheritBranding')}
      </label>
      {failure.isError && (
        <FailedAlert
          title={sub ? t('institutionNetwork.subsidiaries.form.updateFailed') : t('institutionNetwork.subsidiaries.form.createFailed')}
          error={failure.error}
          testId="subsidiary-error"
        />
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('institutionNetwork.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-testid="subsidiary-submit">
          {sub ? t('institutionNetwork.subsidiaries.form.update') : t('institutionNetwork.subsidiaries.form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** An edit leaves an unchanged subdomain out, so the service never weighs a subsidiary against its own name. */
function unchangedSubdomainLeftOut<B extends { subdomain?: string | undefined }>(body: B, own: string | null): B {
  if (body.subdomain === undefined || body.subdomain !== own) return body;
  const { subdomain: _same, ...rest } = body;
  return rest as B;
}
