import {
  BILLING_CYCLES,
  billingRoutes,
  PLAN_FEATURES,
  PLAN_LIMIT_KEYS,
  PLAN_USER_TYPES,
  type PlanUserType,
  type PricingPlan,
} from '@lp/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
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
  Select,
  Textarea,
  useToast,
} from '../../../ui';
import { FieldMessage, useContractForm } from '../../../ui/form';
import { createBody, limitValue, planFormDefaults, planFormSchema } from './plan-form';

/** What the dialog edits: a new plan (of a user type) or an existing one. */
export type PlanEditing = { mode: 'create'; userType: PlanUserType } | { mode: 'edit'; plan: PricingPlan };

const PLAN_CHANGES = ['billing.pricing-plan.', 'billing.subscription.'] as const;

interface PlanFormDialogProps {
  editing: PlanEditing | null;
  onClose: () => void;
}

/** Spec 3 admin Pricing Plans: create or edit a plan. */
export function PlanFormDialog({ editing, onClose }: PlanFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="plan-form-dialog">
        {editing && (
          <>
            <DialogHeader>
              <DialogTitle>
                {editing.mode === 'create'
                  ? t('billing.adminPlans.createTitle')
                  : t('billing.adminPlans.editTitle', { name: editing.plan.name })}
              </DialogTitle>
              <DialogDescription>{t('billing.adminPlans.formDescription')}</DialogDescription>
            </DialogHeader>
            <PlanForm key={editing.mode === 'edit' ? editing.plan.id : 'new'} editing={editing} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({ editing, onDone }: { editing: PlanEditing; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const isEdit = editing.mode === 'edit';
  const form = useContractForm(planFormSchema, {
    defaultValues: planFormDefaults(isEdit ? editing.plan : null, isEdit ? editing.plan.user_type : editing.userType),
  });
  const userType = form.watch('user_type');

  const create = useRouteMutation(billingRoutes.createPricingPlan, { invalidates: PLAN_CHANGES });
  const update = useRouteMutation(billingRoutes.updatePricingPlan, { invalidates: PLAN_CHANGES });
  const saving = create.isPending || update.isPending;
  const failure = create.isError
    ? t('billing.adminPlans.createFailed', { detail: detailOrMessage(create.error) })
    : update.isError
      ? t('billing.adminPlans.updateFailed', { detail: detailOrMessage(update.error) })
      : null;

  const submit = form.handleSubmit((values) => {
    const done = (key: 'created' | 'updated') => () => {
      toast({ title: t(`billing.adminPlans.${key}`), tone: 'success' });
      onDone();
    };
    if (editing.mode === 'edit') update.mutate({ params: { id: editing.plan.id }, body: values }, { onSuccess: done('updated') });
    else create.mutate({ body: createBody(values) }, { onSuccess: done('created') });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="plan-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('billing.adminPlans.name')} error={form.errorText('name')} className="sm:col-span-2">
          {(field) => <Input {...field} {...form.register('name')} required maxLength={100} data-testid="plan-name" />}
        </FormField>
        <FormField label={t('billing.adminPlans.userType')} error={form.errorText('user_type')}>
          {(field) => (
            <Select
              {...field}
              {...form.register('user_type', {
                // the feature choices are the user type's own: a change of type starts them over
                onChange: () => form.setValue('features', []),
              })}
              data-testid="plan-user-type"
            >
              {PLAN_USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`roles.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('billing.adminPlans.billingCycle')} error={form.errorText('billing_cycle')}>
          {(field) => (
            <Select {...field} {...form.register('billing_cycle')} data-testid="plan-billing-cycle">
              {BILLING_CYCLES.map((cycle) => (
                <option key={cycle} value={cycle}>
                  {t(`billing.cycles.${cycle}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('billing.adminPlans.price')} error={form.errorText('price')} hint={t('billing.adminPlans.priceHint')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('price', { valueAsNumber: true })}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              required
              data-testid="plan-price"
            />
          )}
        </FormField>
        <FormField label={t('billing.adminPlans.description')} error={form.errorText('description')} className="sm:col-span-2">
          {(field) => <Textarea {...field} {...form.register('description')} rows={3} maxLength={1000} data-testid="plan-description" />}
        </FormField>
      </div>

      <Controller
        control={form.control}
        name="features"
        render={({ field }) => {
          const selected = new Set(field.value);
          const toggle = (feature: string) => {
            const next = new Set(selected);
            if (next.has(feature)) next.delete(feature);
            else next.add(feature);
            // kept in the list's order
            field.onChange(PLAN_FEATURES[userType].filter((f) => next.has(f)));
          };
          return (
            <fieldset data-testid="plan-features">
              <legend className="mb-2 text-sm font-medium text-slate-800">{t('billing.adminPlans.features')}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {PLAN_FEATURES[userType].map((feature, index) => (
                  <label
                    key={feature}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
                  >
                    <input
                      type="checkbox"
                      checked={selected.has(feature)}
                      onChange={() => toggle(feature)}
                      onBlur={field.onBlur}
                      className="accent-[var(--color-primary)]"
                      data-testid={`plan-feature-${index}`}
                    />
                    {feature}
                  </label>
                ))}
              </div>
              <FieldMessage message={form.errorText('features')} className="mt-1" testId="plan-features-error" />
            </fieldset>
          );
        }}
      />

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('billing.adminPlans.limits')}</legend>
        <p className="mb-2 text-xs text-slate-600">{t('billing.adminPlans.limitsHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {PLAN_LIMIT_KEYS.map((key) => (
            <FormField key={key} label={t(`billing.limits.${key}`)} error={form.errorText(`limits.${key}`)}>
              {(field) => (
                <Input
                  {...field}
                  {...form.register(`limits.${key}`, { setValueAs: limitValue })}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  placeholder={t('billing.limits.unlimited')}
                  data-testid={`plan-limit-${key}`}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-6">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            {...form.register('is_featured')}
            className="size-4 accent-[var(--color-primary)]"
            data-testid="plan-featured-input"
          />
          {t('billing.adminPlans.featured')}
        </label>
        {isEdit && (
          <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              {...form.register('is_active')}
              className="size-4 accent-[var(--color-primary)]"
              data-testid="plan-active-input"
            />
            {t('billing.adminPlans.active')}
          </label>
        )}
      </div>

      {failure && (
        <Alert tone="error" data-testid="plan-form-error">
          {failure}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-testid="plan-save">
          {isEdit ? t('billing.adminPlans.save') : t('billing.adminPlans.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
