import { expect, type Locator, type Page } from '@playwright/test';
import type { SelfRole, TestAccount } from './accounts.js';

/** Texts the UI shows (apps/web/src/i18n/en.json; spec 1 sections 2, 5 and 8). */
export const TEXT = {
  signInRequired: 'Please sign in to continue',
  noAccess: 'You do not have access to that page',
  passwordsMismatch: 'New passwords do not match!',
  passwordTooShort: 'New password must be at least 6 characters long!',
  passwordChanged: 'Password changed successfully!',
  profileUpdated: 'Profile updated successfully!',
  dataDownloaded: 'Your data has been downloaded!',
  deleteMismatch: 'Account deletion cancelled - confirmation text did not match',
  comingSoonSuccess: "Thank you! We'll notify you when we launch.",
  invalidCredentials: 'Invalid email or password',
} as const;

const ROLE_LABEL: Record<SelfRole, string> = {
  learner: 'Learner',
  instructor: 'Instructor',
  mentor: 'Mentor',
  institution: 'Institution',
};

export const roleLabel = (role: SelfRole): string => ROLE_LABEL[role];

export const authModal = (page: Page): Locator => page.getByTestId('auth-modal');

/** A toast (one polite live region holds them all) with exactly this title. */
export function toast(page: Page, title: string): Locator {
  return page.getByTestId('toast').filter({ has: page.getByText(title, { exact: true }) });
}

/** The landing page's header buttons open the modal in register (Get Started) or login (Sign In) mode. */
export async function openAuthModal(page: Page, mode: 'register' | 'login'): Promise<Locator> {
  await page.goto('/');
  await page.getByTestId(mode === 'register' ? 'get-started' : 'sign-in').click();
  const modal = authModal(page);
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute('data-mode', mode);
  await expect(modal.getByRole('heading', { name: mode === 'register' ? 'Get Started' : 'Welcome Back' })).toBeVisible();
  return modal;
}

/** Register mode: the role button, the Email tab, name/email/password, Create Account. */
export async function fillRegistration(modal: Locator, account: TestAccount): Promise<void> {
  const roleButton = modal.getByRole('button', { name: roleLabel(account.role), exact: true });
  await roleButton.click();
  await expect(roleButton).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('tab', { name: 'Email' }).click();
  await modal.getByLabel('Name', { exact: true }).fill(account.name);
  await modal.getByLabel('Email', { exact: true }).fill(account.email);
  await modal.getByLabel('Password', { exact: true }).fill(account.password);
  await modal.getByRole('button', { name: 'Create Account' }).click();
}

/** Login mode, Email tab: email, password, Sign In (the modal must be open already). */
export async function fillSignIn(modal: Locator, email: string, password: string): Promise<void> {
  await modal.getByRole('tab', { name: 'Email' }).click();
  await modal.getByLabel('Email', { exact: true }).fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Sign In' }).click();
}

/** From a fresh landing page: Sign In, credentials, and on to the dashboard of `role`. */
export async function signInThroughModal(page: Page, account: Pick<TestAccount, 'email' | 'password' | 'role'>): Promise<void> {
  const modal = await openAuthModal(page, 'login');
  await fillSignIn(modal, account.email, account.password);
  await expectDashboard(page, account.role);
}

/** On /{role}/dashboard with the role's dashboard page inside the signed-in shell. */
export async function expectDashboard(page: Page, role: SelfRole, name?: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${role}/dashboard$`));
  await expect(page.getByTestId('app-nav')).toBeVisible();
  if (role === 'institution') {
    // a new institution account has no institution yet: its dashboard sends it to onboarding
    await expect(page.getByTestId('institution-dashboard').or(page.getByTestId('institution-none'))).toBeVisible();
    return;
  }
  await expect(page.getByTestId(`${role}-dashboard`)).toBeVisible();
  if (name) await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
}

/** Opens the user menu in the shell header and answers the open menu. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** User menu, Logout: the session ends and the browser reloads at the landing page. */
export async function signOut(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('get-started')).toBeVisible();
}
