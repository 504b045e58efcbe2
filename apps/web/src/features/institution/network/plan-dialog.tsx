import {
  BILLING_PERIODS,
  institutionRoutes,
  PLAN_MEMBER_TYPES,
  SUBLEASE_CURRENCIES,
  SubleasingPlanRequest,
  type Institution,
  type RouteOutput,
} from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/field-errors';
import { useRouteMutation } from '../../../api/route-hooks';
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
  Textarea,
  useToast,
} from '../../../ui';
import { planBody, planFormOf, type PlanFormValues } from './logic';
import { FailedAlert, issuesByField } from './parts';

export type SubleasingPlan = RouteOutput<typeof institutionRoutes.listPlans>['plans'][number];

const FIELDS = [
  'name',
  'description',
  'price',
  'currency',
  'billing_period',
  'member_type',
  'features',
  'is_active',
  'is_featured',
] as const;

/** Spec 2 "create/edit sub-leasing plan" modal (spec 5 Sub-leasing plan rules). */
export function PlanDialog({
  institution,
  editing,
  onClose,
}: {
  institution: Institution;
  editing: SubleasingPlan | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const plan = editing === 'new' ? null : editing;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="plan-dialog">
        <DialogHeader>
          <DialogTitle>{plan ? t('institutionNetwork.plans.form.editTitle') : t('institutionNetwork.plans.form.createTitle')}</DialogTitle>
          <DialogDescription>{t('institutionNetwork.plans.form.description')}</DialogDescription>
        </DialogHeader>
        {editing !== null && <PlanForm key={plan?.id ?? 'new'} institution={institution} plan={plan} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({ institution, plan, onDone }: { institution: Institution; plan: SubleasingPlan | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [values, setValues] = useState<PlanFormValues>(() => planFormOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useRouteMutation(institutionRoutes.createPlan, { invalidates: [institutionRoutes.listPlans] });
  const update = useRouteMutation(institutionRoutes.updatePlan, { invalidates: [institutionRoutes.listPlans] });
  const failure = plan ? update : create;
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setFeature = (i: number, value: string) => setValues((v) => ({ ...v, features: v.features.map((f, j) => (j === i ? value : f)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = SubleasingPlanRequest.safeParse(planBody(values));
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      return;
    }
    setErrors({});
    const callbacks = {
      onSuccess: () => {
        toast({ title: t('institutionNetwork.plans.form.saved'), tone: 'success' as const });
        onDone();
      },
      onError: (error: Error) => setErrors(fieldErrorsOf(error, FIELDS).byField),
    };
    if (plan) update.mutate({ params: { id: institution.id, planId: plan.id }, body: checked.data }, callbacks);
    else create.mutate({ params: { id: institution.id }, body: checked.data }, callbacks);
  };
  const err = (field: string) => vt(errors[field]);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="plan-form">
      <FormField label={t('institutionNetwork.plans.form.name')} error={err('name')}>
        {(field) => (
          <Input
            {...field}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={120}
            required
            data-testid="plan-name-input"
          />
        )}
      </FormField>
      <FormField label={t('institutionNetwork.plans.form.descriptionField')} error={err('description')}>
        {(field) => (
          <Textarea
            {...field}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            rows={2}
            maxLength={2000}
            data-testid="plan-description-input"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.plans.form.price')} error={err('price')}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={values.price}
              onChange={(e) => set('price', e.target.value)}
              required
              data-testid="plan-price-input"
            />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.plans.form.currency')} error={err('currency')}>
          {(field) => (
            <Select
              {...field}
              value={values.currency}
              onChange={(e) => set('currency', e.target.value as PlanFormValues['currency'])}
              data-testid="plan-currency-input"
            >
              {SUBLEASE_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.plans.form.period')} error={err('billing_period')}>
          {(field) => (
            <Select
              {...field}
              value={values.billing_period}
              onChange={(e) => set('billing_period', e.target.value as PlanFormValues['billing_period'])}
              data-testid="plan-period-input"
            >
              {BILLING_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`institutionNetwork.plans.periods.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.plans.form.memberType')} error={err('member_type')}>
          {(field) => (
            <Select
              {...field}
              value={values.member_type}
              onChange={(e) => set('member_type', e.target.value as PlanFormValues['member_type'])}
              data-testid="plan-member-type-input"
            >
              {PLAN_MEMBER_TYPES.map((m) => (
                <option key={m} value={m}>
                  {t(`institutionNetwork.plans.memberTypes.${m}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('institutionNetwork.plans.form.features')}</legend>
        {values.features.map((feature, i) => (
          <div key={i} className="flex gap-2">
            <Input
              value={feature}
              onChange={(e) => setFeature(i, e.target.value)}
              maxLength={200}
              aria-label={t('institutionNetwork.plans.form.feature', { n: i + 1 })}
              data-testid={`plan-feature-input-${i}`}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-10"
              onClick={() => setValues((v) => ({ ...v, features: v.features.filter((_, j) => j !== i) }))}
              aria-label={t('institutionNetwork.plans.form.removeFeature', { n: i + 1 })}
              data-testid={`plan-feature-remove-${i}`}
            >
              ×
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setValues((v) => ({ ...v, features: [...v.features, ''] }))}
          data-testid="plan-feature-add"
        >
          {t('institutionNetwork.plans.form.addFeature')}
        </Button>
        {errors.features && (
          <p className="text-xs font-medium text-red-700" role="alert">
            {vt(errors.features)}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <Switch checked={values.is_active} onCheckedChange={(v) => set('is_active', v)} data-testid="plan-active-input" />
          {t('institutionNetwork.plans.form.isActive')}
        </label>
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <Switch checked={values.is_featured} onCheckedChange={(v) => set('is_featured', v)} data-testid="plan-featured-input" />
          {t('institutionNetwork.plans.form.isFeatured')}
        </label>
      </div>
      {failure.isError && <FailedAlert title={t('institutionNetwork.plans.form.saveFailed')} error={failure.error} testId="plan-error" />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('institutionNetwork.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending} data-testid="plan-submit">
          {t('institutionNetwork.plans.form.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
