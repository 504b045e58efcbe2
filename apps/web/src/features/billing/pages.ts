/** The billing screens, loaded together as one chunk the first time a route shows one of them. */
export { DemoCheckoutPage } from './checkout/demo-checkout-page';
export { CourseReturnRedirect } from './course-return-redirect';
export { EarningsPage } from './earnings/earnings-page';
export { SubscriptionsPage } from './subscriptions/subscriptions-page';
export { WalletPage } from './wallet/wallet-page';
