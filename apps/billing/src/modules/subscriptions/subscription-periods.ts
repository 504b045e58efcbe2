import type { SubscriptionEntity } from '../../entities/subscription.entity.js';
import { addCycle, type BillingCycle } from './billing-cycle.js';

type Current = Pick<
  SubscriptionEntity,
  'planId' | 'billingCycle' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodStart' | 'currentPeriodEnd'
>;

/** What a paid period does to the user's current subscription (see SubscriptionLifecycle.activate). */
export type Activation =
  /** the plan one is on, paid up and not cancelled: the payment is refused (ALREADY_SUBSCRIBED) */
  | { kind: 'refuse' }
  /** the plan and cycle one is on (active or past due): the next period follows the current one */
  | { kind: 'renew'; start: Date; end: Date }
  /** anything else: a new subscription from now, replacing the live one when there is one */
  | { kind: 'start'; start: Date; end: Date; replaces: boolean };

export function activation(current: Current | null, paid: { planId: string; cycle: BillingCycle }, now: Date): Activation {
  const samePlan =
    !!current &&
    current.planId === paid.planId &&
    current.billingCycle === paid.cycle &&
    (current.status === 'active' || current.status === 'past_due');
  if (!current || !samePlan) return { kind: 'start', start: now, end: addCycle(now, paid.cycle), replaces: !!current };
  if (current.status === 'active' && !current.cancelAtPeriodEnd && current.currentPeriodEnd.getTime() > now.getTime())
    return { kind: 'refuse' };
  const ended = current.currentPeriodEnd.getTime() <= now.getTime();
  // paying again before the end, after cancelling, lengthens the current period; after its end, the next one follows without a gap
  const start = ended ? current.currentPeriodEnd : current.currentPeriodStart;
  const end = addCycle(current.currentPeriodEnd, paid.cycle);
  // renewed long after its end (the job did not run): the paid period starts now
  if (end.getTime() <= now.getTime()) return { kind: 'renew', start: now, end: addCycle(now, paid.cycle) };
  return { kind: 'renew', start, end };
}
