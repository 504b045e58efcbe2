import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { auth, verifiedInstitution, waitForInstitutionDemoData } from '../support/institution.js';
import { toast } from '../support/ui.js';

/**
 * Issue 24, item 3: membership by consent. The admin's Add Member invites; the invitee finds the
 * invitation on /profile (the invitation e-mail links there), accepts it, and can leave again.
 */
test.describe('institutions: membership by consent', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the admin invites a learner, who accepts on their profile and then leaves', async ({ page, request }) => {
    await waitForInstitutionDemoData(request);
    const { owner, institution } = await verifiedInstitution(request, 'inst-consent');
    const learner = await registerViaApi(request, 'learner', 'inst-invitee');

    await signInWithToken(page, owner.token, '/institution/dashboard?tab=students');
    await page.getByTestId('members-student-add').click();
    const dialog = page.getByTestId('add-member-dialog');
    await dialog.getByTestId('add-member-email').fill(learner.email);
    await dialog.getByTestId('add-member-name').fill('Invited Learner');
    await dialog.getByTestId('add-member-create-account').uncheck();
    await dialog.getByTestId('add-member-submit').click();
    await expect(toast(page, `Invitation sent to ${learner.email}`)).toBeVisible();
    // no member yet: the invitation waits for its answer
    await expect(page.getByTestId('invitations-student').getByTestId('invitation-row')).toContainText(learner.email.toLowerCase());
    const members = await request.get(`/api/institutions/${institution.id}/members?member_type=student`, { headers: auth(owner.token) });
    expect(((await members.json()) as { members: unknown[] }).members).toEqual([]);

    const [invitation] = (
      (await (await request.get('/api/institution-invitations', { headers: auth(learner.token) })).json()) as {
        invitations: { id: string }[];
      }
    ).invitations;
    await signInWithToken(page, learner.token, `/profile?invitation=${invitation!.id}`);
    const card = page.getByTestId('profile-institutions');
    const offered = card.getByTestId('profile-invitation');
    await expect(offered).toContainText(institution.name);
    await expect(offered).toHaveAttribute('aria-current', 'true');
    await expectNoSeriousA11yViolations(page, 'the profile with an invitation');
    await offered.getByTestId('profile-invitation-accept').click();
    await expect(toast(page, `You joined ${institution.name}`)).toBeVisible();
    await expect(card.getByTestId('profile-membership')).toContainText(institution.name);
    await expect(card.getByTestId('profile-invitation')).toHaveCount(0);

    await card.getByTestId('profile-membership-leave').click();
    await page.getByTestId('profile-leave-confirm-confirm').click();
    await expect(toast(page, `You left ${institution.name}`)).toBeVisible();
    await expect(card.getByTestId('profile-membership')).toHaveCount(0);
  });
});
