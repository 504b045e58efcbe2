import { institutionRoutes, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, ConfirmDialog, Switch, useToast } from '../../../ui';
import { useMoney } from '../../billing';
import { canEdit, toggledPlanBody } from '../network/logic';
import { Empty, FailedAlert, LoadFailed, Loading, ReadonlyNotice, TabHeader } from '../network/parts';
import { PlanDialog, type SubleasingPlan } from '../network/plan-dialog';

/**
 * Spec 3 Institution, Sub-leasing: the plan cards (GET /institutions/{id}/subleasing-plans),
 * create and edit, delete with its confirmation, and the active toggle.
 */
export function SubleasingTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const editable = canEdit(institution);
  const list = useRouteQuery(institutionRoutes.listPlans, { params: { id: institution.id } });
  const [editing, setEditing] = useState<SubleasingPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SubleasingPlan | null>(null);
  const remove = useRouteMutation(institutionRoutes.deletePlan, { invalidates: [institutionRoutes.listPlans] });
  const toggle = useRouteMutation(institutionRoutes.updatePlan, { invalidates: [institutionRoutes.listPlans] });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { params: { id: institution.id, planId: deleting.id } },
      {
        onSuccess: () => {
          toast({ title: t('institutionNetwork.plans.deleted'), tone: 'success' });
          setDeleting(null);
        },
        onError: () => setDeleting(null),
      },
    );
  };
  const flip = (plan: SubleasingPlan) => toggle.mutate({ params: { id: institution.id, planId: plan.id }, body: toggledPlanBody(plan) });

  return (
    <section aria-labelledby="subleasing-heading" className="space-y-5" data-testid="subleasing-tab">
      <TabHeader
        id="subleasing-heading"
        title={t('institutionNetwork.plans.heading')}
        description={t('institutionNetwork.plans.description')}
        action={
          editable && (
            <Button onClick={() => setEditing('new')} data-testid="plan-add">
              {t('institutionNetwork.plans.add')}
            </Button>
          )
        }
      />
      {!editable && <ReadonlyNotice />}
      {remove.isError && <FailedAlert title={t('institutionNetwork.plans.deleteFailed')} error={remove.error} testId="plan-delete-error" />}
      {toggle.isError && (
        <FailedAlert title={t('institutionNetwork.plans.form.saveFailed')} error={toggle.error} testId="plan-toggle-error" />
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} testId="plans-load-error" />
      ) : list.data.plans.length === 0 ? (
        <Empty title={t('institutionNetwork.plans.empty')} testId="plans-empty" />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.data.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              editable={editable}
              toggling={toggle.isPending && toggle.variables?.params.planId === plan.id}
              onEdit={() => setEditing(plan)}
              onDelete={() => setDeleting(plan)}
              onToggle={() => flip(plan)}
            />
          ))}
        </div>
      )}
      {editable && <PlanDialog institution={institution} editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('institutionNetwork.plans.deleteTitle')}
        description={t('institutionNetwork.plans.deleteConfirm')}
        confirmLabel={t('institutionNetwork.plans.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
        testId="plan-delete-dialog"
      />
    </section>
  );
}

function PlanCard({
  plan,
  editable,
  toggling,
  onEdit,
  onDelete,
  onToggle,
}: {
  plan: SubleasingPlan;
  editable: boolean;
  toggling: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card data-testid={`plan-card-${plan.id}`} className={plan.is_featured ? 'ring-2 ring-primary' : undefined}>
      <CardContent className="space-y-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-base font-semibold break-words text-slate-900" data-testid="plan-name">
            {plan.name}
          </h3>
          <div className="flex flex-wrap gap-1">
            {plan.is_featured && (
              <Badge tone="primary" data-testid="plan-featured">
                {t('institutionNetwork.plans.featured')}
              </Badge>
            )}
            <Badge tone={plan.is_active ? 'success' : 'neutral'} data-testid="plan-status">
              {plan.is_active ? t('institutionNetwork.plans.active') : t('institutionNetwork.plans.inactive')}
            </Badge>
          </div>
        </div>
        <p className="text-2xl font-bold text-slate-900" data-testid="plan-price">
          {t('institutionNetwork.plans.perPeriod', {
            price: money.minor(plan.price_minor, plan.currency),
            period: t(`institutionNetwork.plans.periods.${plan.billing_period}`),
          })}
        </p>
        <p className="text-sm text-slate-700">{t(`institutionNetwork.plans.memberTypes.${plan.member_type}`)}</p>
        {plan.description && <p className="text-sm break-words text-slate-600">{plan.description}</p>}
        {plan.features.length > 0 && (
          <ul className="list-inside list-disc space-y-1 text-sm text-slate-700" data-testid="plan-features">
            {plan.features.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
        )}
        <p className="text-xs text-slate-600" data-testid="plan-subscriptions">
          {t('institutionNetwork.plans.subscriptions', { count: plan.active_subscriptions })}
        </p>
        {editable && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <Switch
                checked={plan.is_active}
                disabled={toggling}
                onCheckedChange={onToggle}
                data-testid={`plan-active-toggle-${plan.id}`}
              />
              {t('institutionNetwork.plans.activeToggle')}
            </label>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={onEdit} data-testid={`plan-edit-${plan.id}`}>
                {t('institutionNetwork.plans.edit')}
              </Button>
              <Button size="sm" variant="ghost" className="text-red-700" onClick={onDelete} data-testid={`plan-delete-${plan.id}`}>
                {t('institutionNetwork.plans.delete')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
