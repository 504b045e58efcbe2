import {
  BILLING_PERIODS,
  institutionRoutes,
  PLAN_MEMBER_TYPES,
  SUBLEASE_CURRENCIES,
  type Institution,
  type RouteOutput,
} from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import { Button, FormField, Input, Select, Switch, Textarea, useToast } from '../../../ui';
import { FieldMessage, FormDialog, useContractForm } from '../../../ui/form';
import { planFormOf, planFormSchema } from './logic';

export type SubleasingPlan = RouteOutput<typeof institutionRoutes.listPlans>['plans'][number];

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
  if (editing === null) return null;
  const plan = editing === 'new' ? null : editing;
  return <PlanForm key={plan?.id ?? 'new'} institution={institution} plan={plan} onClose={onClose} />;
}

function PlanForm({ institution, plan, onClose }: { institution: Institution; plan: SubleasingPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(planFormSchema, { defaultValues: planFormOf(plan) });
  const create = useRouteMutation(institutionRoutes.createPlan, { invalidates: [institutionRoutes.listPlans] });
  const update = useRouteMutation(institutionRoutes.updatePlan, { invalidates: [institutionRoutes.listPlans] });
  const failure = plan ? update : create;
  const features = form.watch('features');
  const setFeatures = (next: string[]) => form.setValue('features', next);

  const submit = form.submit((body) => {
    const callbacks = {
      onSuccess: () => {
        toast({ title: t('institutionNetwork.plans.form.saved'), tone: 'success' as const });
        onClose();
      },
      onError: form.applyServerError,
    };
    if (plan) update.mutate({ params: { id: institution.id, planId: plan.id }, body }, callbacks);
    else create.mutate({ params: { id: institution.id }, body }, callbacks);
  });

  return (
    <FormDialog
      onClose={onClose}
      title={plan ? t('institutionNetwork.plans.form.editTitle') : t('institutionNetwork.plans.form.createTitle')}
      description={t('institutionNetwork.plans.form.description')}
      className="sm:max-w-xl"
      onSubmit={submit}
      submitLabel={t('institutionNetwork.plans.form.save')}
      cancelLabel={t('institutionNetwork.cancel')}
      pending={create.isPending || update.isPending}
      failed={failure.isError}
      errorTitle={t('institutionNetwork.plans.form.saveFailed')}
      error={form.formError}
      testId="plan-dialog"
      formTestId="plan-form"
      errorTestId="plan-error"
      submitTestId="plan-submit"
    >
      <FormField label={t('institutionNetwork.plans.form.name')} error={form.errorText('name')}>
        {(field) => <Input {...field} {...form.register('name')} maxLength={120} required data-testid="plan-name-input" />}
      </FormField>
      <FormField label={t('institutionNetwork.plans.form.descriptionField')} error={form.errorText('description')}>
        {(field) => (
          <Textarea {...field} {...form.register('description')} rows={2} maxLength={2000} data-testid="plan-description-input" />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('institutionNetwork.plans.form.price')} error={form.errorText('price')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('price')}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              required
              data-testid="plan-price-input"
            />
          )}
        </FormField>
        <FormField label={t('institutionNetwork.plans.form.currency')} error={form.errorText('currency')}>
          {(field) => (
            <Select {...field} {...form.register('currency')} data-testid="plan-currency-input">
              {SUBLEASE_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.plans.form.period')} error={form.errorText('billing_period')}>
          {(field) => (
            <Select {...field} {...form.register('billing_period')} data-testid="plan-period-input">
              {BILLING_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`institutionNetwork.plans.periods.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institutionNetwork.plans.form.memberType')} error={form.errorText('member_type')}>
          {(field) => (
            <Select {...field} {...form.register('member_type')} data-testid="plan-member-type-input">
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
        {/* one list value, edited in place: the inputs follow it rather than registering one field each */}
        {features.map((feature, i) => (
          <div key={i} className="flex gap-2">
            <Input
              value={feature}
              onChange={(e) => setFeatures(features.map((f, j) => (j === i ? e.target.value : f)))}
              maxLength={200}
              aria-label={t('institutionNetwork.plans.form.feature', { n: i + 1 })}
              data-testid={`plan-feature-input-${i}`}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-10"
              onClick={() => setFeatures(features.filter((_, j) => j !== i))}
              aria-label={t('institutionNetwork.plans.form.removeFeature', { n: i + 1 })}
              data-testid={`plan-feature-remove-${i}`}
            >
              ×
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" size="sm" onClick={() => setFeatures([...features, ''])} data-testid="plan-feature-add">
          {t('institutionNetwork.plans.form.addFeature')}
        </Button>
        <FieldMessage message={form.errorText('features')} />
      </fieldset>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <Switch
            checked={form.watch('is_active')}
            onCheckedChange={(v) => form.setValue('is_active', v)}
            data-testid="plan-active-input"
          />
          {t('institutionNetwork.plans.form.isActive')}
        </label>
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <Switch
            checked={form.watch('is_featured')}
            onCheckedChange={(v) => form.setValue('is_featured', v)}
            data-testid="plan-featured-input"
          />
          {t('institutionNetwork.plans.form.isFeatured')}
        </label>
      </div>
    </FormDialog>
  );
}
