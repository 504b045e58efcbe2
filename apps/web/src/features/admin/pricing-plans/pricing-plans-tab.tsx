import { billingRoutes, PLAN_USER_TYPES, type PricingPlan } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, ConfirmDialog, useToast } from '../../../ui';
import { useAdminLoadErrorToast } from '../admin-load-errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { shownLimits, useMoney } from '../../billing';
import { PlanFormDialog, type PlanEditing } from './plan-form-dialog';

/** Spec 3 admin dashboard, Pricing Plans: every plan grouped by institution, mentor and instructor; create, edit, delete. */
export function PricingPlansTab() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const plans = useRouteQuery(billingRoutes.adminPricingPlans, {});
  useAdminLoadErrorToast(plans.error);
  const [editing, setEditing] = useState<PlanEditing | null>(null);
  const [deleting, setDeleting] = useState<PricingPlan | null>(null);
  const remove = useRouteMutation(billingRoutes.deletePricingPlan, {
    invalidates: ['billing.pricing-plan.', 'billing.subscription.'],
    onSuccess: () => toast({ title: t('billing.adminPlans.deleted'), tone: 'success' }),
    onError: (error) => toast({ title: t('billing.adminPlans.deleteFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
    onSettled: () => setDeleting(null),
  });

  return (
    <div className="space-y-6" data-testid="pricing-plans-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t('billing.adminPlans.intro')}</p>
        <Button onClick={() => setEditing({ mode: 'create', userType: 'institution' })} data-testid="create-plan">
          {t('billing.adminPlans.createButton')}
        </Button>
      </div>
      {plans.isPending ? (
        <LoadingBlock />
      ) : plans.isError ? (
        <LoadError error={plans.error} title={t('adminDashboard.errors.loadFailed')} onRetry={() => void plans.refetch()} />
      ) : (
        PLAN_USER_TYPES.map((type) => (
          <section key={type} aria-labelledby={`plans-${type}`} className="space-y-3" data-testid={`plan-group-${type}`}>
            <div className="flex items-center justify-between gap-3">
              <h2 id={`plans-${type}`} className="text-lg font-semibold text-slate-900">
                {t(`billing.adminPlans.groups.${type}`)}
              </h2>
              <Button variant="link" onClick={() => setEditing({ mode: 'create', userType: type })} data-testid={`create-plan-${type}`}>
                {t('billing.adminPlans.addTo', { type: t(`roles.${type}`) })}
              </Button>
            </div>
            {plans.data[type].length === 0 ? (
              <p className="text-sm text-slate-600">{t('billing.adminPlans.none')}</p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {plans.data[type].map((plan) => (
                  <li key={plan.id}>
                    <AdminPlanCard plan={plan} onEdit={() => setEditing({ mode: 'edit', plan })} onDelete={() => setDeleting(plan)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      <PlanFormDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('billing.adminPlans.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('billing.adminPlans.deleteConfirm')}
        confirmLabel={t('billing.adminPlans.delete')}
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
        destructive
        testId="delete-plan-dialog"
      />
    </div>
  );
}

function AdminPlanCard({ plan, onEdit, onDelete }: { plan: PricingPlan; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card className="h-full" data-testid={`admin-plan-${plan.name}`} data-plan-id={plan.id}>
      <CardContent className="flex h-full flex-col gap-3 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{plan.name}</h3>
          {plan.is_featured && <Badge>{t('billing.plans.featured')}</Badge>}
          <Badge tone={plan.is_active ? 'success' : 'neutral'}>
            {plan.is_active ? t('billing.plans.active') : t('billing.plans.inactive')}
          </Badge>
        </div>
        <p className="text-xl font-bold text-slate-900">
          {t(`billing.cycles.per.${plan.billing_cycle}`, { price: money.of({ amount_minor: plan.price_minor, currency: plan.currency }) })}
        </p>
        {plan.description && <p className="line-clamp-2 text-sm text-slate-600">{plan.description}</p>}
        <p className="text-sm text-slate-700">{t('billing.adminPlans.featureCount', { count: plan.features.length })}</p>
        <p className="text-xs text-slate-600">
          {shownLimits(plan.user_type, plan.limits)
            .map((key) => `${t(`billing.limits.${key}`)}: ${plan.limits[key] ?? t('billing.limits.unlimited')}`)
            .join(' · ')}
        </p>
        <div className="mt-auto flex gap-2 pt-2">
          <Button size="sm" variant="outline" onClick={onEdit} data-testid={`edit-plan-${plan.id}`}>
            {t('billing.adminPlans.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={onDelete}
            data-testid={`delete-plan-${plan.id}`}
          >
            {t('billing.adminPlans.delete')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
