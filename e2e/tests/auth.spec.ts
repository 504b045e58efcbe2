import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken, storedToken, type SelfRole } from '../support/accounts.js';
import {
  authModal,
  expectDashboard,
  fillRegistration,
  fillSignIn,
  openAuthModal,
  openUserMenu,
  signOut,
  TEXT,
  toast,
} from '../support/ui.js';

/** A link of the main navigation row, by its accessible name. */
const navLink = (nav: Locator, name: string) => nav.getByRole('link', { name, exact: true });

/** Spec 2.4: the links every role has, after its own. */
async function expectCommonNavigation(page: Page, role: SelfRole): Promise<void> {
  const nav = page.getByTestId('app-nav');
  await expect(nav).toHaveAttribute('aria-label', 'Main');
  await expect(navLink(nav, 'Dashboard')).toHaveAttribute('href', `/${role}/dashboard`);
  await expect(navLink(nav, 'Dashboard')).toHaveAttribute('aria-current', 'page');
  await expect(navLink(nav, 'Wallet')).toHaveAttribute('href', '/wallet');
  await expect(navLink(nav, 'Plans')).toHaveAttribute('href', '/subscriptions');
  await expect(navLink(nav, 'Knowledge Hub')).toHaveAttribute('href', '/knowledge-hub');
  await expect(navLink(nav, 'Leaderboard')).toHaveAttribute('href', '/leaderboard');
}

/** Spec 2.4 user menu: Telegram Integration, Account Settings, Referrals, Logout. */
async function expectUserMenu(page: Page, name: string, email: string): Promise<void> {
  const menu = await openUserMenu(page);
  await expect(menu.getByText(`Signed in as ${name}`)).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Telegram Integration' })).toHaveAttribute('href', '/profile');
  await expect(menu.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/account-settings');
  await expect(menu.getByRole('menuitem', { name: 'Referrals' })).toHaveAttribute('href', '/referrals');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test.describe('registration through the auth modal', () => {
  test('a learner signs up with e-mail and lands on the learner dashboard with the learner navigation', async ({ page }) => {
    const account = newAccount('learner');
    const modal = await openAuthModal(page, 'register');

    // spec 2.2: four role buttons, four method tabs; Learner is preselected
    for (const role of ['Learner', 'Instructor', 'Mentor', 'Institution']) {
      await expect(modal.getByRole('button', { name: role, exact: true })).toBeVisible();
    }
    await expect(modal.getByRole('button', { name: 'Learner', exact: true })).toHaveAttribute('aria-pressed', 'true');
    for (const method of ['Email', 'Google', 'Phone', 'Telegram']) {
      await expect(modal.getByRole('tab', { name: method })).toBeVisible();
    }

    await fillRegistration(modal, account);
    await expectDashboard(page, 'learner', account.name);
    await expect(authModal(page)).toBeHidden();
    expect(await storedToken(page)).toBeTruthy();

    // spec 2.4 learner navigation: three groups of links, with the quiz centre and marketplace added (issue 14)
    const nav = page.getByTestId('app-nav');
    await expect(navLink(nav, 'My Courses')).toHaveCount(0);
    const groups: Array<[string, Array<[string, string]>]> = [
      [
        'Learning',
        [
          ['Browse Courses', '/courses'],
          ['Course Marketplace', '/marketplace'],
          ['Quiz Centre', '/mock-tests'],
          ['My Assignments', '/my-assignments'],
        ],
      ],
      [
        'Community',
        [
          ['Study Groups', '/community'],
          ['Global Forum & Q&A', '/qa'],
          ['Messages', '/messages'],
          ['Find Mentors', '/mentors'],
          ['My Sessions', '/my-sessions'],
        ],
      ],
      [
        'AI Assistants',
        [
          ['AI Tutor (coming soon)', '/ai-tutor'],
          ['AI Features (coming soon)', '/ai-features'],
          ['AI Code Reviewer (coming soon)', '/ai-code-reviewer'],
          ['AI Career Advisor (coming soon)', '/ai-career-advisor'],
        ],
      ],
    ];
    for (const [group, links] of groups) {
      await nav.getByRole('button', { name: group }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem')).toHaveCount(links.length);
      for (const [name, href] of links) await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveAttribute('href', href);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    await expectCommonNavigation(page, 'learner');
    await expectUserMenu(page, account.name, account.email);

    // a group link leads to its page
    await nav.getByRole('button', { name: 'Learning' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Browse Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Courses' })).toBeVisible();
  });

  test('an instructor signs up with e-mail and lands on the instructor dashboard with the instructor navigation', async ({ page }) => {
    const account = newAccount('instructor');
    const modal = await openAuthModal(page, 'register');
    await fillRegistration(modal, account);
    await expectDashboard(page, 'instructor', account.name);
    await expect(page.getByText('You are signed in as Instructor.')).toBeVisible();

    // spec 2.4's instructor links, with the quiz builder added and grouped under Teaching (issue 14)
    const nav = page.getByTestId('app-nav');
    await nav.getByRole('button', { name: 'Teaching' }).click();
    const teaching = page.getByRole('menu');
    for (const [name, href] of [
      ['My Courses', '/instructor/courses'],
      ['Create Course', '/instructor/create'],
      ['Quiz Builder', '/mock-test-manager'],
      ['Assignments', '/assignments'],
    ] as const) {
      await expect(teaching.getByRole('menuitem', { name, exact: true })).toHaveAttribute('href', href);
    }
    await page.keyboard.press('Escape');
    await expect(navLink(nav, 'Earnings')).toHaveAttribute('href', '/earnings');
    await nav.getByRole('button', { name: 'AI Assistants' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'AI Features (coming soon)', exact: true })).toHaveAttribute(
      'href',
      '/ai-features',
    );
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('button', { name: 'Learning' })).toHaveCount(0);
    await expectCommonNavigation(page, 'instructor');
    await expectUserMenu(page, account.name, account.email);

    // an instructor may open /instructor/courses (a learner may not: see the sign-in journey)
    await nav.getByRole('button', { name: 'Teaching' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'My Courses', exact: true }).click();
    await expect(page).toHaveURL(/\/instructor\/courses$/);
    await nav.getByRole('button', { name: 'Teaching' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'My Courses', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('instructor-courses')).toBeVisible();
  });

  // spec 2.4's role links plus every working page the role may open (issue 14); the groups' menus
  // and every entry's destination are checked in navigation.spec.ts
  for (const [role, roleLinks, groups] of [
    [
      'mentor',
      [
        ['Quiz Builder', '/mock-test-manager'],
        ['Earnings', '/earnings'],
        ['Course Marketplace', '/marketplace'],
      ],
      ['Community', 'AI Assistants'],
    ],
    ['institution', [['Course Marketplace', '/marketplace']], ['Teaching', 'Community', 'AI Assistants']],
  ] as Array<[SelfRole, Array<[string, string]>, string[]]>) {
    test(`${role === 'institution' ? 'an' : 'a'} ${role} signs up with e-mail and gets the ${role} navigation`, async ({ page }) => {
      const account = newAccount(role);
      const modal = await openAuthModal(page, 'register');
      await fillRegistration(modal, account);
      await expectDashboard(page, role, account.name);
      const nav = page.getByTestId('app-nav');
      for (const [name, href] of roleLinks) await expect(navLink(nav, name)).toHaveAttribute('href', href);
      // Dashboard + the role's links + the four common ones, and the role's groups, nothing else
      await expect(nav.getByRole('link')).toHaveCount(1 + roleLinks.length + 4);
      await expect(nav.getByRole('button')).toHaveCount(groups.length);
      for (const group of groups) await expect(nav.getByRole('button', { name: group, exact: true })).toBeVisible();
      await expectCommonNavigation(page, role);
    });
  }

  test('registering an e-mail that is taken shows the server message', async ({ page, request }) => {
    const existing = await registerViaApi(request, 'learner', 'taken');
    const modal = await openAuthModal(page, 'register');
    await fillRegistration(modal, { ...newAccount('learner'), email: existing.email });
    await expect(modal.getByTestId('auth-error')).toHaveText('An account with this email already exists');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Google sign-in', () => {
  test('the Google tab leaves through the gateway (here for the development stand-in) and comes back signed in with the chosen role', async ({
    page,
  }) => {
    const account = newAccount('instructor');
    const modal = await openAuthModal(page, 'register');
    await modal.getByRole('button', { name: 'Instructor', exact: true }).click();
    await modal.getByRole('tab', { name: 'Google' }).click();
    await modal.getByTestId('google-sign-in').click();
    await expect(page).toHaveURL(/\/auth\/dev-google\?role=instructor$/);
    await page.getByTestId('dev-google-email').fill(account.email);
    await page.getByTestId('dev-google-name').fill(account.name);
    await page.getByTestId('dev-google-submit').click();
    await expectDashboard(page, 'instructor', account.name);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('coming back from a Google sign-in that did not pass says so', async ({ page }) => {
    await page.goto('/#sign_in_error=google');
    await expect(toast(page, 'OAuth authentication failed')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('signing out and in', () => {
  test('Logout returns to the landing page; a protected route then asks to sign in and leads back after signing in', async ({ page }) => {
    const account = newAccount('learner', 'signout');
    await fillRegistration(await openAuthModal(page, 'register'), account);
    await expectDashboard(page, 'learner');

    await signOut(page);
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'Learn with experts, at your own pace' })).toBeVisible();

    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/$/);
    const modal = authModal(page);
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-mode', 'login');
    await expect(modal.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(toast(page, TEXT.signInRequired)).toBeVisible();

    // signing in from there goes on to the page that was asked for
    await fillSignIn(modal, account.email, account.password);
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByTestId('account-settings')).toBeVisible();
  });

  test('signing in through the modal leads to the dashboard; a learner is turned away from /instructor/courses', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, 'learner', 'signin');
    const modal = await openAuthModal(page, 'login');

    // the mode toggle switches between Welcome Back and Get Started
    await modal.getByTestId('auth-mode-toggle').click();
    await expect(modal).toHaveAttribute('data-mode', 'register');
    await expect(modal.getByRole('heading', { name: 'Get Started' })).toBeVisible();
    await modal.getByTestId('auth-mode-toggle').click();
    await expect(modal).toHaveAttribute('data-mode', 'login');
    await expect(modal.getByLabel('Name', { exact: true })).toHaveCount(0);

    // a wrong password is refused with the server's message
    await fillSignIn(modal, account.email, `${account.password}-wrong`);
    await expect(modal.getByTestId('auth-error')).toHaveText(TEXT.invalidCredentials);
    await expect(page).toHaveURL(/\/$/);

    await fillSignIn(modal, account.email, account.password);
    await expectDashboard(page, 'learner', account.name);

    await page.goto('/instructor/courses');
    await expect(page).toHaveURL(/\/learner\/dashboard$/);
    await expect(toast(page, TEXT.noAccess)).toBeVisible();
    await expect(toast(page, TEXT.noAccess)).toHaveAttribute('data-tone', 'error');
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  });

  test("a sign-in outlives its 15-minute access token: the refresh cookie renews it, and is out of the page's reach", async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, 'learner', 'refresh');
    const modal = await openAuthModal(page, 'login');
    await fillSignIn(modal, account.email, account.password);
    await expectDashboard(page, 'learner', account.name);
    // the refresh token is an httpOnly cookie: scripts on the page cannot read it
    expect(await page.evaluate(() => document.cookie)).not.toContain('lp_refresh');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'lp_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    // the stored access token dies (as after 15 minutes); the next page load renews it and stays signed in
    await page.evaluate(() => window.localStorage.setItem('token', 'expired.access.token'));
    await page.reload();
    await expectDashboard(page, 'learner', account.name);
    const after = await storedToken(page);
    expect(after).not.toBe('expired.access.token');
    expect(after).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('a signed-in visitor of / is sent on to their dashboard', async ({ page, request }) => {
    const account = await registerViaApi(request, 'mentor', 'home');
    await signInWithToken(page, account.token, '/');
    await expectDashboard(page, 'mentor', account.name);
  });
});
