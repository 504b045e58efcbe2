/** Institution onboarding, loaded as its own chunk the first time /institution/onboard is shown. */
export { OnboardingPage } from './onboarding-page';
