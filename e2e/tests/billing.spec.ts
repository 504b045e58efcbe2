import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import {
  adminToken,
  BILLING_TEXT,
  buyCourseWithWalletViaApi,
  createPaidCourse,
  createPlanViaApi,
  topUpViaApi,
  walletMinor,
} from '../support/billing.js';
import { toast } from '../support/ui.js';

// Billing journeys (issue 10): top-ups through the local demo provider's hosted checkout, a
// paid course bought from the wallet, the instructor's revenue share, a subscription paid from
// the wallet, and the admin's pricing plans. Every journey registers its own accounts; the only
// demo account used is the seeded admin.

const stamp = () => Math.random().toString(36).slice(2, 8);

/** On /wallet: Add Funds, the amount, a provider, Continue; the notice, then the demo checkout. */
async function startTopUp(page: Page, amount: string, method: 'chapa' | 'telebirr' | 'mpesa'): Promise<void> {
  await expect(page.getByTestId('wallet-page')).toBeVisible();
  await page.getByTestId('add-funds').click();
  const dialog = page.getByTestId('add-funds-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('topup-amount').fill(amount);
  await dialog.getByTestId(`payment-method-${method}`).check();
  await expect(dialog.getByTestId(`payment-method-${method}`)).toBeChecked();
  await dialog.getByTestId('topup-submit').click();
  // spec 9: a 2-second notice before the browser leaves for the provider's page
  await expect(dialog.getByTestId('checkout-redirect')).toBeVisible();
  await expect(page).toHaveURL(/\/demo-checkout\/[^/?]+$/);
  await expect(page.getByTestId('demo-checkout')).toBeVisible();
}

test.describe('billing journeys', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a learner tops up with telebirr through the demo checkout and sees the deposit', async ({ page, request }) => {
    const learner = await registerViaApi(request, 'learner', 'bill-topup');

    await test.step('an empty wallet at first', async () => {
      await signInWithToken(page, learner.token, '/wallet');
      await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
      await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-amount-minor', '0');
      await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
      await expect(page.getByTestId('transactions-empty')).toBeVisible();
    });

    await test.step('Add Funds: $25 with telebirr goes to the demo checkout, which shows the amount in its currency', async () => {
      await startTopUp(page, '25', 'telebirr');
      const checkout = page.getByTestId('demo-checkout');
      await expect(checkout.getByTestId('demo-checkout-provider')).toHaveText('telebirr');
      await expect(checkout.getByTestId('demo-checkout-amount')).toHaveText('$25.00');
      await expect(checkout.getByTestId('demo-checkout-pay')).toHaveText('Pay $25.00');
      await expect(page.getByTestId('demo-provider-banner')).toBeVisible();
    });

    await test.step('Pay: back on /wallet, the payment is confirmed and the balance holds the amount', async () => {
      await page.getByTestId('demo-checkout-pay').click();
      await expect(page).toHaveURL(/\/wallet(\?payment=[0-9a-f-]{36})?$/);
      await expect(toast(page, BILLING_TEXT.topUpCompleted('$25.00'))).toBeVisible({ timeout: 25_000 });
      // the parameter leaves the address once reported (a reload does not report it again)
      await expect(page).toHaveURL(/\/wallet$/);
      await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-amount-minor', '2500');
      await expect(page.getByTestId('wallet-balance')).toHaveText('$25.00');
      const deposit = page.getByTestId('transaction-row');
      await expect(deposit).toHaveCount(1);
      await expect(deposit).toHaveAttribute('data-type', 'deposit');
      await expect(deposit).toHaveAttribute('data-status', 'completed');
      await expect(deposit.getByTestId('transaction-status')).toHaveText('Completed');
      await expect(deposit.getByTestId('transaction-amount')).toHaveText('+$25.00');
      await expect(deposit).toContainText('telebirr');
    });
  });

  test('a cancelled demo checkout credits nothing and is reported as cancelled', async ({ page, request }) => {
    const learner = await registerViaApi(request, 'learner', 'bill-cancel');
    await signInWithToken(page, learner.token, '/wallet');
    await startTopUp(page, '7.50', 'mpesa');
    await expect(page.getByTestId('demo-checkout-amount')).toHaveText('$7.50');
    await page.getByTestId('demo-checkout-cancel').click();
    await expect(toast(page, BILLING_TEXT.topUpCancelled)).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-amount-minor', '0');
    const row = page.getByTestId('transaction-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-type', 'deposit');
    await expect(row).toHaveAttribute('data-status', 'cancelled');
  });

  test('a learner buys a paid course with the wallet and is enrolled; a learner short of money cannot use the wallet', async ({
    page,
    request,
  }) => {
    const instructor = await registerViaApi(request, 'instructor', 'bill-course-instr');
    const learner = await registerViaApi(request, 'learner', 'bill-course-learner');
    const broke = await registerViaApi(request, 'learner', 'bill-course-broke');
    const title = `Paid course ${stamp()}`;
    const courseId = await createPaidCourse(request, instructor.token, title, 12.5);
    await topUpViaApi(request, learner.token, 20);

    await test.step('the payment dialog shows the price; the wallet is chosen and covers it', async () => {
      await signInWithToken(page, learner.token, `/course/${courseId}`);
      await expect(page.getByTestId('course-detail').getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('course-detail-price')).toHaveText('$12.50');
      await page.getByTestId('enroll-button').click();
      const dialog = page.getByTestId('payment-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('payment-amount')).toHaveText('$12.50');
      await expect(dialog.getByTestId('payment-method-wallet')).toBeEnabled();
      await expect(dialog.getByText('Balance: $20.00')).toBeVisible();
      await dialog.getByTestId('payment-method-wallet').check();
      await expect(dialog.getByTestId('payment-method-wallet')).toBeChecked();
      await expect(dialog.getByTestId('wallet-insufficient')).toHaveCount(0);
      await expect(dialog.getByTestId('pay-button')).toHaveText('Pay $12.50');
    });

    await test.step('Pay: the payment succeeds and the learner is enrolled', async () => {
      await page.getByTestId('payment-dialog').getByTestId('pay-button').click();
      await expect(toast(page, BILLING_TEXT.paidEnrolled)).toBeVisible({ timeout: 25_000 });
      await expect(page.getByTestId('payment-dialog')).toBeHidden();
      await expect(page.getByTestId('enrolled-state')).toBeVisible();
      await expect(page.getByTestId('enroll-button')).toHaveCount(0);
      await expect(page.getByTestId('course-progress-value')).toHaveText('0%');
      // it stays enrolled on a fresh load
      await page.reload();
      await expect(page.getByTestId('enrolled-state')).toBeVisible();
    });

    await test.step('the wallet paid for it: $7.50 left and a completed payment in the history', async () => {
      await page.goto('/wallet');
      await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-amount-minor', '750');
      const payment = page.locator('[data-testid="transaction-row"][data-type="payment"]');
      await expect(payment).toHaveCount(1);
      await expect(payment).toHaveAttribute('data-status', 'completed');
      await expect(payment.getByTestId('transaction-amount')).toHaveText('−$12.50');
      expect(await walletMinor(request, learner.token)).toBe(750);
    });

    await test.step('a learner with an empty wallet: the wallet choice is disabled with a warning', async () => {
      await signInWithToken(page, broke.token, `/course/${courseId}`);
      await page.getByTestId('enroll-button').click();
      const dialog = page.getByTestId('payment-dialog');
      await expect(dialog.getByTestId('payment-amount')).toHaveText('$12.50');
      await expect(dialog.getByTestId('wallet-insufficient')).toHaveText(BILLING_TEXT.walletInsufficient);
      await expect(dialog.getByTestId('payment-method-wallet')).toBeDisabled();
      await expect(dialog.getByTestId('payment-method-wallet')).not.toBeChecked();
      await expect(dialog.getByText('Balance: $0.00')).toBeVisible();
      // a provider is chosen instead; the other methods stay open
      await expect(dialog.getByTestId('payment-method-chapa')).toBeChecked();
      for (const method of ['telebirr', 'mpesa']) await expect(dialog.getByTestId(`payment-method-${method}`)).toBeEnabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('enroll-button')).toBeVisible();
    });
  });

  test('a learner pays for a course through a provider checkout and comes back enrolled', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'bill-chapa-instr');
    const learner = await registerViaApi(request, 'learner', 'bill-chapa-learner');
    const title = `Checkout course ${stamp()}`;
    const courseId = await createPaidCourse(request, instructor.token, title, 8);

    await signInWithToken(page, learner.token, `/course/${courseId}`);
    await page.getByTestId('enroll-button').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog.getByTestId('payment-amount')).toHaveText('$8.00');
    await dialog.getByTestId('payment-method-chapa').check();
    await dialog.getByTestId('pay-button').click();
    await expect(dialog.getByTestId('checkout-redirect')).toBeVisible();
    await expect(page).toHaveURL(/\/demo-checkout\/[^/?]+$/);
    await expect(page.getByTestId('demo-checkout-provider')).toHaveText('Chapa');
    await expect(page.getByTestId('demo-checkout-amount')).toHaveText('$8.00');
    await expect(page.getByTestId('demo-checkout-description')).toContainText(title);
    await page.getByTestId('demo-checkout-pay').click();

    // back at /courses/{id}?payment=<id>, which is the course page /course/{id}: confirmed, then enrolled
    await expect(toast(page, BILLING_TEXT.paidEnrolled)).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    await expect(page.getByTestId('enrolled-state')).toBeVisible();
    // the wallet was not touched: the provider paid
    expect(await walletMinor(request, learner.token)).toBe(0);
  });

  test('the instructor sees the revenue share of a sale on /earnings', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'bill-earn-instr');
    const learner = await registerViaApi(request, 'learner', 'bill-earn-learner');
    const title = `Earning course ${stamp()}`;
    const courseId = await createPaidCourse(request, instructor.token, title, 12.5);

    await test.step('before any sale: nothing earned', async () => {
      await signInWithToken(page, instructor.token, '/earnings');
      await expect(page.getByTestId('earnings-page')).toBeVisible();
      await expect(page.getByTestId('earnings-total-value')).toHaveText('$0.00');
      await expect(page.getByTestId('revenue-shares-empty')).toBeVisible();
    });

    await topUpViaApi(request, learner.token, 12.5);
    await buyCourseWithWalletViaApi(request, learner.token, courseId);

    await test.step('after the sale: 80% of the price earned, one revenue share row', async () => {
      await page.reload();
      await expect(page.getByTestId('earnings-total-value')).toHaveText('$10.00');
      await expect(page.getByTestId('earnings-course-value')).toHaveText('$10.00');
      await expect(page.getByTestId('earnings-available-value')).toHaveText('$10.00');
      await expect(page.getByTestId('earnings-mentor-value')).toHaveText('$0.00');
      const row = page.getByTestId('revenue-share-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Instructor');
      await expect(row).toContainText('$12.50'); // gross
      await expect(row).toContainText('20%'); // the platform's fee
      await expect(row.getByTestId('revenue-share-amount')).toHaveText('$10.00');
    });

    await test.step("the share is in the instructor's wallet as an earning", async () => {
      await page.getByTestId('earnings-wallet-link').click();
      await expect(page).toHaveURL(/\/wallet$/);
      await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-amount-minor', '1000');
      const earning = page.locator('[data-testid="transaction-row"][data-type="earning"]');
      await expect(earning).toHaveCount(1);
      await expect(earning).toHaveAttribute('data-status', 'completed');
      await expect(earning.getByTestId('transaction-amount')).toHaveText('+$10.00');
    });
  });

  test('an instructor subscribes to a plan from the wallet and sees it as the current plan', async ({ page, request }) => {
    const admin = await adminToken(request);
    const planName = `E2E Pro ${stamp()}`;
    const planId = await createPlanViaApi(request, admin, {
      name: planName,
      user_type: 'instructor',
      price: 9.99,
      billing_cycle: 'monthly',
      description: 'An instructor plan of the billing journeys.',
      features: ['Publish paid courses', 'Course analytics'],
    });
    const instructor = await registerViaApi(request, 'instructor', 'bill-sub-instr');
    await topUpViaApi(request, instructor.token, 15);

    await test.step('/subscriptions lists the plan; no subscription yet', async () => {
      await signInWithToken(page, instructor.token, '/subscriptions');
      await expect(page.getByTestId('subscriptions-page')).toHaveAttribute('data-role', 'instructor');
      await expect(page.getByTestId('current-subscription')).toHaveAttribute('data-status', 'none');
      const card = page.getByTestId(`plan-card-${planName}`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('plan-price')).toHaveText('$9.99 / month');
      await expect(card).toContainText('Publish paid courses');
      await expect(card).toContainText('Course analytics');
      await expect(card.getByTestId('current-plan-badge')).toHaveCount(0);
    });

    await test.step('Subscribe: the dialog offers the wallet, which pays', async () => {
      await page.getByTestId(`subscribe-${planId}`).click();
      const dialog = page.getByTestId('subscribe-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('subscribe-price')).toHaveText('$9.99 / month');
      await expect(dialog.getByTestId('payment-method-wallet')).toBeEnabled();
      await expect(dialog.getByTestId('payment-method-wallet')).toBeChecked();
      await expect(dialog.getByText('Balance: $15.00')).toBeVisible();
      await dialog.getByTestId('subscribe-confirm').click();
      await expect(toast(page, BILLING_TEXT.subscribed(planName))).toBeVisible({ timeout: 25_000 });
      await expect(dialog).toBeHidden();
    });

    await test.step('the plan is the current one', async () => {
      const card = page.getByTestId(`plan-card-${planName}`);
      await expect(card.getByTestId('current-plan-badge')).toHaveText('Current Plan');
      await expect(page.getByTestId(`subscribe-${planId}`)).toHaveCount(0);
      const current = page.getByTestId('current-subscription');
      await expect(current).toHaveAttribute('data-status', 'active');
      await expect(current.getByTestId('current-plan-name')).toHaveText(planName);
      await expect(current.getByTestId('subscription-status')).toHaveText('Active');
      await expect(current.getByTestId('subscription-period')).toContainText('Renews on');
      expect(await walletMinor(request, instructor.token)).toBe(1500 - 999);
    });
  });

  test('the admin creates, edits and deletes a pricing plan on the admin dashboard', async ({ page, request }) => {
    const token = await adminToken(request);
    const name = `E2E Plan ${stamp()}`;
    const renamed = `${name} Plus`;
    let planId = '';

    await test.step('the Pricing Plans tab', async () => {
      await signInWithToken(page, token, '/admin/dashboard');
      await expect(page.getByTestId('admin-dashboard')).toBeVisible();
      await page.getByTestId('admin-tab-pricing').click();
      await expect(page).toHaveURL(/\/admin\/dashboard\?tab=pricing$/);
      await expect(page.getByTestId('pricing-plans-tab')).toBeVisible();
    });

    await test.step('create: at least one feature is required; blank limits are unlimited', async () => {
      await page.getByTestId('create-plan').click();
      const form = page.getByTestId('plan-form');
      await expect(form).toBeVisible();
      await form.getByTestId('plan-user-type').selectOption('instructor');
      await form.getByTestId('plan-name').fill(name);
      await form.getByTestId('plan-price').fill('19.99');
      await form.getByTestId('plan-description').fill('Made by the admin journey.');
      for (const key of ['max_students', 'max_faculty', 'max_courses', 'max_sessions_per_month']) {
        await expect(form.getByTestId(`plan-limit-${key}`)).toHaveValue('');
        await expect(form.getByTestId(`plan-limit-${key}`)).toHaveAttribute('placeholder', 'Unlimited');
      }
      // no feature checked: refused on the client
      await form.getByTestId('plan-save').click();
      await expect(form.getByTestId('plan-features-error')).toHaveText(BILLING_TEXT.selectFeature);
      await expect(form).toBeVisible();

      // the instructor features: index 0 'Publish paid courses', 3 'Course analytics'
      await form.getByTestId('plan-feature-0').check();
      await form.getByTestId('plan-feature-3').check();
      await expect(form.getByTestId('plan-feature-0')).toBeChecked();
      await expect(form.getByTestId('plan-features-error')).toHaveCount(0);
      await form.getByTestId('plan-save').click();
      await expect(toast(page, BILLING_TEXT.planCreated)).toBeVisible();
      await expect(page.getByTestId('plan-form-dialog')).toBeHidden();

      const card = page.getByTestId('plan-group-instructor').getByTestId(`admin-plan-${name}`);
      await expect(card).toBeVisible();
      planId = (await card.getAttribute('data-plan-id')) ?? '';
      expect(planId).toMatch(/^[0-9a-f-]{36}$/);
      await expect(card).toContainText('$19.99 / month');
      await expect(card).toContainText('2 features');
      await expect(card).toContainText('Max courses: Unlimited');
      await expect(card).toContainText('Max students: Unlimited');
      await expect(card).toContainText('Active');
    });

    await test.step('edit: the form holds the plan; a new name, price, feature and a course limit', async () => {
      await page.getByTestId(`edit-plan-${planId}`).click();
      const form = page.getByTestId('plan-form');
      await expect(form.getByTestId('plan-name')).toHaveValue(name);
      await expect(form.getByTestId('plan-price')).toHaveValue('19.99');
      await expect(form.getByTestId('plan-user-type')).toHaveValue('instructor');
      await expect(form.getByTestId('plan-feature-0')).toBeChecked();
      await expect(form.getByTestId('plan-feature-3')).toBeChecked();
      await expect(form.getByTestId('plan-limit-max_courses')).toHaveValue('');

      // unchecking every feature is refused again
      await form.getByTestId('plan-feature-0').uncheck();
      await form.getByTestId('plan-feature-3').uncheck();
      await form.getByTestId('plan-save').click();
      await expect(form.getByTestId('plan-features-error')).toHaveText(BILLING_TEXT.selectFeature);

      await form.getByTestId('plan-name').fill(renamed);
      await form.getByTestId('plan-price').fill('24.50');
      await form.getByTestId('plan-feature-0').check();
      await form.getByTestId('plan-feature-1').check();
      await form.getByTestId('plan-feature-4').check();
      await form.getByTestId('plan-limit-max_courses').fill('10');
      await form.getByTestId('plan-save').click();
      await expect(toast(page, BILLING_TEXT.planUpdated)).toBeVisible();
      await expect(page.getByTestId('plan-form-dialog')).toBeHidden();

      const card = page.getByTestId(`admin-plan-${renamed}`);
      await expect(card).toHaveAttribute('data-plan-id', planId);
      await expect(card).toContainText('$24.50 / month');
      await expect(card).toContainText('3 features');
      await expect(card).toContainText('Max courses: 10');
      await expect(card).toContainText('Max students: Unlimited');
      await expect(page.getByTestId(`admin-plan-${name}`)).toHaveCount(0);
    });

    await test.step('delete: the confirmation first, Cancel keeps it, Delete removes it', async () => {
      const card = page.getByTestId(`admin-plan-${renamed}`);
      await page.getByTestId(`delete-plan-${planId}`).click();
      const dialog = page.getByTestId('delete-plan-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Delete ${renamed}?`);
      await expect(dialog).toContainText(BILLING_TEXT.deletePlanConfirm);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toBeVisible();

      await page.getByTestId(`delete-plan-${planId}`).click();
      await page.getByTestId('delete-plan-dialog-confirm').click();
      await expect(toast(page, BILLING_TEXT.planDeleted)).toBeVisible();
      await expect(card).toHaveCount(0);
      const plans = await request.get('/api/pricing-plans', { headers: { Authorization: `Bearer ${token}` } });
      expect(plans.status()).toBe(200);
      expect(((await plans.json()) as Array<{ id: string }>).map((p) => p.id)).not.toContain(planId);
    });
  });
  test('the billing screens have no serious or critical axe violation', async ({ page, request }) => {
    const admin = await adminToken(request);
    const planName = `E2E Axe ${stamp()}`;
    const planId = await createPlanViaApi(request, admin, {
      name: planName,
      user_type: 'instructor',
      price: 5,
      features: ['Course analytics'],
    });
    const instructor = await registerViaApi(request, 'instructor', 'bill-a11y-instr');
    const learner = await registerViaApi(request, 'learner', 'bill-a11y-learner');
    const courseId = await createPaidCourse(request, instructor.token, `Axe course ${stamp()}`, 4);
    await topUpViaApi(request, learner.token, 10);
    await buyCourseWithWalletViaApi(request, learner.token, courseId);

    const check = async (what: string) => {
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = blocking
        .map(
          (v) =>
            `[${v.impact}] ${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 5)
              .join(', ')}`,
        )
        .join('\n');
      expect(blocking, `axe on ${what}:\n${report}`).toEqual([]);
    };

    await signInWithToken(page, learner.token, '/wallet');
    await expect(page.getByTestId('transaction-row')).toHaveCount(2);
    await check('/wallet');
    await page.getByTestId('add-funds').click();
    await expect(page.getByTestId('topup-amount')).toBeVisible();
    await check('/wallet, Add Funds');
    await page.getByTestId('topup-amount').fill('3');
    await page.getByTestId('topup-submit').click();
    await expect(page).toHaveURL(/\/demo-checkout\//);
    await expect(page.getByTestId('demo-checkout-pay')).toBeVisible();
    await check('/demo-checkout/{reference}');

    await signInWithToken(page, instructor.token, '/earnings');
    await expect(page.getByTestId('revenue-share-row')).toHaveCount(1);
    await check('/earnings');
    await page.goto('/subscriptions');
    await expect(page.getByTestId(`plan-card-${planName}`)).toBeVisible();
    await check('/subscriptions');
    await page.getByTestId(`subscribe-${planId}`).click();
    await expect(page.getByTestId('subscribe-confirm')).toBeVisible();
    await check('/subscriptions, Subscribe');

    await signInWithToken(page, admin, '/admin/dashboard?tab=pricing');
    await expect(page.getByTestId(`admin-plan-${planName}`)).toBeVisible();
    await check('/admin/dashboard (pricing)');
    await page.getByTestId('create-plan').click();
    await page.getByTestId('plan-save').click();
    await expect(page.getByTestId('plan-features-error')).toBeVisible();
    await check('/admin/dashboard, plan form with errors');
  });
});
