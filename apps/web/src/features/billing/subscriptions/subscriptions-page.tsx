import { billingRoutes, PLAN_USER_TYPES, type PlanUserType, type PricingPlan, type Subscription } from '@lp/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useInvalidate, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, EmptyState, FormField, PageHeader, Select, useToast } from '../../../ui';
import { useSignedInUser } from '../../auth';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { usePaymentOutcomeMessage } from '../shared/payment-outcome';
import { PaymentReturnNotice } from '../shared/payment-return-notice';
import { usePaymentReturn } from '../shared/use-payment-return';
import { CurrentSubscription } from './current-subscription';
import { PlanCard } from './plan-card';
import { SubscribeDialog } from './subscribe-dialog';

/**
 * Spec 3 /subscriptions: learners get information and a Browse Courses link; an admin
 * previews any user type's plans; instructors, mentors and institutions see their plans,
 * their current subscription with its usage, and subscribe.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  usePageTitle(t('billing.subscriptions.title'));
  return (
    <div data-testid="subscriptions-page" data-role={user.role} className="space-y-6">
      <PageHeader title={t('billing.subscriptions.title')} subtitle={t('billing.subscriptions.subtitle')} />
      {user.role === 'learner' ? <LearnerInfo /> : user.role === 'admin' ? <AdminPreview /> : <SubscriberPlans userType={user.role} />}
    </div>
  );
}

function LearnerInfo() {
  const { t } = useTranslation();
  return (
    <div data-testid="learner-plans-info">
      <EmptyState
        title={t('billing.subscriptions.learnerTitle')}
        description={t('billing.subscriptions.learnerText')}
        action={
          <Button asChild>
            <Link to="/courses" data-testid="browse-courses-link">
              {t('billing.subscriptions.browseCourses')}
            </Link>
          </Button>
        }
      />
    </div>
  );
}

function AdminPreview() {
  const { t } = useTranslation();
  const [userType, setUserType] = useState<PlanUserType>('institution');
  const plans = useRouteQuery(billingRoutes.subscriptionPlans, { query: { user_type: userType } });
  return (
    <div className="space-y-4" data-testid="admin-plans-preview">
      <Alert tone="info">
        {t('billing.subscriptions.adminPreview')}{' '}
        <Link to="/admin/dashboard?tab=pricing" className="font-medium underline" data-testid="manage-plans-link">
          {t('billing.subscriptions.managePlans')}
        </Link>
      </Alert>
      <FormField label={t('billing.subscriptions.previewAs')} className="max-w-xs">
        {(field) => (
          <Select {...field} value={userType} onChange={(e) => setUserType(e.target.value as PlanUserType)} data-testid="preview-user-type">
            {PLAN_USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`roles.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <h2 className="sr-only">{t('billing.subscriptions.plansTitle')}</h2>
      <PlanGrid plans={plans.data} error={plans.error} pending={plans.isPending} onRetry={() => void plans.refetch()} />
    </div>
  );
}

/** A subscription that is the caller's plan now (still paid for, or awaiting its payment). */
function isCurrent(subscription: Subscription | null, plan: PricingPlan): boolean {
  return (
    subscription !== null && subscription.plan.id === plan.id && subscription.status !== 'expired' && subscription.status !== 'cancelled'
  );
}

function SubscriberPlans({ userType }: { userType: PlanUserType }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const outcomeMessage = usePaymentOutcomeMessage();
  const returning = usePaymentReturn((outcome) => {
    toast(outcomeMessage(outcome));
    void invalidate(['billing.']);
  });
  const plans = useRouteQuery(billingRoutes.subscriptionPlans, {});
  const current = useRouteQuery(billingRoutes.currentSubscription, {});
  const [subscribing, setSubscribing] = useState<PricingPlan | null>(null);
  const subscription = current.data?.subscription ?? null;

  return (
    <div className="space-y-6">
      {returning && <PaymentReturnNotice />}
      {current.isPending ? (
        <LoadingBlock />
      ) : current.isError ? (
        <LoadError error={current.error} title={t('billing.subscriptions.currentFailed')} onRetry={() => void current.refetch()} />
      ) : (
        <CurrentSubscription subscription={subscription} userType={userType} />
      )}
      <section aria-labelledby="available-plans" className="space-y-4">
        <h2 id="available-plans" className="text-lg font-semibold text-slate-900">
          {t('billing.subscriptions.plansTitle')}
        </h2>
        <PlanGrid
          plans={plans.data}
          error={plans.error}
          pending={plans.isPending}
          onRetry={() => void plans.refetch()}
          current={(plan) => isCurrent(subscription, plan)}
          action={(plan) =>
            isCurrent(subscription, plan) ? null : (
              <Button
                className="w-full"
                variant={plan.is_featured ? 'primary' : 'outline'}
                onClick={() => setSubscribing(plan)}
                disabled={current.isPending}
                data-testid={`subscribe-${plan.id}`}
              >
                {t('billing.subscriptions.subscribe')}
              </Button>
            )
          }
        />
      </section>
      <SubscribeDialog plan={subscribing} onClose={() => setSubscribing(null)} />
    </div>
  );
}

interface PlanGridProps {
  plans: PricingPlan[] | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
  current?: (plan: PricingPlan) => boolean;
  action?: (plan: PricingPlan) => ReactNode;
}

function PlanGrid({ plans, error, pending, onRetry, current, action }: PlanGridProps) {
  const { t } = useTranslation();
  if (pending) return <LoadingBlock />;
  if (error || !plans) return <LoadError error={error} title={t('billing.subscriptions.plansFailed')} onRetry={onRetry} />;
  if (plans.length === 0) {
    return (
      <Card>
        <CardContent>
          <p className="text-sm text-slate-600" data-testid="plans-empty">
            {t('billing.subscriptions.noPlans')}
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="plan-grid">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} current={current?.(plan) ?? false} action={action?.(plan)} />
        </li>
      ))}
    </ul>
  );
}
