import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { institutionInternal, institutionRoutes, MEMBER_INVITED_MESSAGE } from '@lp/contracts';
import { callInternal, expectAppError } from '@lp/testing';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Issue 24, item 3: membership by consent. Adding someone by e-mail invites them and answers
 * the same whatever the e-mail; nothing of an unverified institution reaches anyone until the
 * platform admin verifies it (then its held invitations go out in the verification's outbox);
 * only the invitee, signed in as the account with the e-mail, accepts or declines; a member
 * leaves on their own. Identity does not run here: the add never asks it.
 */
let h: Harness;
let admin: U;
let inst: Made;

const add = (who: U, made: Made, body: { email: string; member_type?: 'student' | 'faculty'; create_account?: boolean; name?: string }) =>
  h.call(institutionRoutes.addMember, { params: { id: made.id }, body: { member_type: 'student', create_account: true, ...body } }, who);
const mine = (who: U) => h.call(institutionRoutes.myInvitations, {}, who);
const invitationsOf = (made: Made) => h.call(institutionRoutes.listInvitations, { params: { id: made.id } }, admin);
const sentTo = async (email: string) =>
  (await h.system((tx) =>
    tx.query(
      `SELECT payload FROM outbox WHERE name = 'institution.invitation.sent' AND payload->>'email' = $1 ORDER BY (payload->>'sending')::int`,
      [email],
    ),
  )) as {
    payload: { invitation_id: string; create_account: boolean; sending: number; institution_name: string };
  }[];
const membersOf = async (made: Made) =>
  (await h.system((tx) => tx.query(`SELECT user_id FROM members WHERE institution_id = $1 AND member_type <> 'admin'`, [made.id]))) as {
    user_id: string;
  }[];

beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('institution', 'Consent Admin');
  inst = await h.institution(admin, { name: 'Consent Academy' });
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('POST /institutions/{id}/members invites', () => {
  it('answers an existing account and an unknown e-mail alike, and makes no member', async () => {
    const victim = await h.user('admin', 'Platform Admin');
    const known = await add(admin, inst, { email: victim.email, create_account: false });
    const unknown = await add(admin, inst, { email: 'nobody-at-all@consent.test', create_account: false });
    const made = await add(admin, inst, { email: 'new-person@consent.test', create_account: true });
    for (const [answer, email] of [
      [known, victim.email],
      [unknown, 'nobody-at-all@consent.test'],
      [made, 'new-person@consent.test'],
    ] as const)
      expect(answer).toEqual({ status: 'invited', email, member_type: 'student', message: MEMBER_INVITED_MESSAGE });
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    expect(await membersOf(inst)).toEqual([]);
    // each delivered at once (the institution is verified); the account is identity's business on delivery
    expect((await sentTo(victim.email)).map((r) => [r.payload.create_account, r.payload.sending])).toEqual([[false, 1]]);
    expect((await sentTo('new-person@consent.test')).map((r) => r.payload.create_account)).toEqual([true]);
    expect((await mine(victim)).invitations).toEqual([
      expect.objectContaining({
        institution_id: inst.id,
        institution_name: 'Consent Academy',
        member_type: 'student',
        invited_by_name: 'Consent Admin',
      }),
    ]);
  });

  it('re-inviting renews the open invitation without a second e-mail the same day; a member is not invited again', async () => {
    const person = await h.user('learner', 'Twice Invited');
    await add(admin, inst, { email: person.email.toUpperCase(), member_type: 'student' });
    await add(admin, inst, { email: person.email, member_type: 'faculty' });
    const open = (await invitationsOf(inst)).invitations.filter((i) => i.email === person.email);
    expect(open).toEqual([expect.objectContaining({ status: 'pending', member_type: 'faculty' })]);
    expect(await sentTo(person.email)).toHaveLength(1);
    // a day later the same re-invitation e-mails again (sending 2)
    await h.system((tx) => tx.query(`UPDATE invitations SET delivered_at = now() - interval '25 hours' WHERE email = $1`, [person.email]));
    await add(admin, inst, { email: person.email, member_type: 'faculty' });
    expect((await sentTo(person.email)).map((r) => r.payload.sending)).toEqual([1, 2]);

    const [inv] = (await mine(person)).invitations;
    await h.call(institutionRoutes.acceptInvitation, { params: { invitationId: inv!.id } }, person);
    await add(admin, inst, { email: person.email });
    expect((await invitationsOf(inst)).invitations.filter((i) => i.email === person.email).map((i) => i.status)).toEqual(['accepted']);
  });
});

describe('the invitee accepts, declines, leaves', () => {
  it('only the account with the e-mail accepts; it becomes a member with its portal event', async () => {
    const invitee = await h.user('learner', 'Invitee');
    const intruder = await h.user('learner', 'Intruder');
    await add(admin, inst, { email: invitee.email, member_type: 'faculty' });
    const [inv] = (await mine(invitee)).invitations;
    expect((await mine(intruder)).invitations).toEqual([]);
    await expectAppError(
      h.call(institutionRoutes.acceptInvitation, { params: { invitationId: inv!.id } }, intruder),
      404,
      'INVITATION_NOT_FOUND',
    );
    await expectAppError(
      h.call(institutionRoutes.declineInvitation, { params: { invitationId: inv!.id } }, intruder),
      404,
      'INVITATION_NOT_FOUND',
    );
    expect(await membersOf(inst)).not.toContainEqual({ user_id: intruder.id });

    const joined = await h.call(institutionRoutes.acceptInvitation, { params: { invitationId: inv!.id } }, invitee);
    expect(joined).toMatchObject({
      institution_id: inst.id,
      institution_name: 'Consent Academy',
      member_type: 'faculty',
      is_suspended: false,
    });
    const events = (await h.system((tx) =>
      tx.query(`SELECT payload FROM outbox WHERE name = 'institution.member.added' AND payload->>'user_id' = $1`, [invitee.id]),
    )) as {
      payload: { portal_role: string };
    }[];
    expect(events.map((e) => e.payload.portal_role)).toEqual(['instructor']);
    await expectAppError(
      h.call(institutionRoutes.acceptInvitation, { params: { invitationId: inv!.id } }, invitee),
      404,
      'INVITATION_NOT_FOUND',
    );
    expect((await h.call(institutionRoutes.myMemberships, {}, invitee)).memberships.map((m) => m.institution_id)).toEqual([inst.id]);

    // leaving: the member row goes with institution.member.removed (identity ends that portal only)
    await h.call(institutionRoutes.leaveInstitution, { params: { institutionId: inst.id } }, invitee);
    expect((await h.call(institutionRoutes.myMemberships, {}, invitee)).memberships).toEqual([]);
    const removed = (await h.system((tx) =>
      tx.query(`SELECT count(*) AS n FROM outbox WHERE name = 'institution.member.removed' AND payload->>'user_id' = $1`, [invitee.id]),
    )) as { n: number }[];
    expect(Number(removed[0]!.n)).toBe(1);
    await expectAppError(
      h.call(institutionRoutes.leaveInstitution, { params: { institutionId: inst.id } }, invitee),
      404,
      'MEMBER_NOT_FOUND',
    );
  });

  it('declines, and an expired or withdrawn invitation can no longer be accepted', async () => {
    const [a, b, c] = [await h.user('learner', 'Decliner'), await h.user('learner', 'Late'), await h.user('learner', 'Withdrawn')];
    for (const p of [a, b, c]) await add(admin, inst, { email: p.email });
    const idOf = async (p: U) => (await invitationsOf(inst)).invitations.find((i) => i.email === p.email && i.status === 'pending')!.id;
    const [ia, ib, ic] = [await idOf(a), await idOf(b), await idOf(c)];
    await h.call(institutionRoutes.declineInvitation, { params: { invitationId: ia } }, a);
    await h.system((tx) => tx.query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [ib]));
    await h.call(institutionRoutes.revokeInvitation, { params: { id: inst.id, invitationId: ic } }, admin);
    for (const [p, id] of [
      [a, ia],
      [b, ib],
      [c, ic],
    ] as const) {
      expect((await mine(p)).invitations).toEqual([]);
      await expectAppError(h.call(institutionRoutes.acceptInvitation, { params: { invitationId: id } }, p), 404, 'INVITATION_NOT_FOUND');
    }
    const statuses = new Map((await invitationsOf(inst)).invitations.map((i) => [i.id, i.status]));
    expect([statuses.get(ia), statuses.get(ib), statuses.get(ic)]).toEqual(['declined', 'expired', 'revoked']);
    await expectAppError(
      h.call(institutionRoutes.revokeInvitation, { params: { id: inst.id, invitationId: ic } }, admin),
      404,
      'INVITATION_NOT_FOUND',
    );
    expect(await membersOf(inst)).not.toContainEqual({ user_id: a.id });
  });

  it("the top institution's last admin cannot leave; a second admin can", async () => {
    const owner = await h.user('institution', 'Only Owner');
    const solo = await h.institution(owner, { name: 'Solo School' });
    await expectAppError(h.call(institutionRoutes.leaveInstitution, { params: { institutionId: solo.id } }, owner), 422, 'LAST_ADMIN');
    const deputy = await h.user('institution', 'Deputy');
    await h.member(solo, deputy, 'admin', 'admin');
    await h.call(institutionRoutes.leaveInstitution, { params: { institutionId: solo.id } }, deputy);
    await expectAppError(h.call(institutionRoutes.leaveInstitution, { params: { institutionId: solo.id } }, owner), 422, 'LAST_ADMIN');
  });
});

describe('an institution pending verification', () => {
  it('holds its invitations and drafts until verified, then delivers them in the verification transaction', async () => {
    const founder = await h.user('institution', 'Pending Founder');
    const pending = await h.institution(founder, { name: 'Pending Academy', status: 'pending' });
    const victim = await h.user('learner', 'Would-be Victim');
    const answer = await h.call(
      institutionRoutes.addMember,
      { params: { id: pending.id }, body: { email: victim.email, member_type: 'student', create_account: true } },
      founder,
    );
    expect(answer.status).toBe('invited');
    const draft = await h.call(
      institutionRoutes.createSubsidiary,
      {
        params: { id: pending.id },
        body: {
          name: 'Draft Branch',
          subdomain: `draft-${Date.now().toString(36)}`,
          organizational_level: 2,
          level_type: 'branch',
          inherit_branding: true,
        },
      },
      founder,
    );
    expect(draft.verification_status).toBe('pending');
    await h.call(
      institutionRoutes.addMember,
      { params: { id: draft.id }, body: { email: 'fresh@pending.test', member_type: 'faculty', create_account: true } },
      founder,
    );

    // nothing reached anyone: no event, nothing on the invitee's profile, no member
    expect(await sentTo(victim.email)).toEqual([]);
    expect(await sentTo('fresh@pending.test')).toEqual([]);
    expect((await mine(victim)).invitations).toEqual([]);
    const held = (await h.call(institutionRoutes.listInvitations, { params: { id: pending.id } }, founder)).invitations;
    expect(held.map((i) => [i.email, i.status, i.delivered_at])).toEqual([[victim.email, 'held', null]]);

    const platformAdmin = await h.user('admin', 'Verifier');
    const done = await h.call(
      institutionRoutes.verify,
      { params: { id: pending.id }, body: { status: 'verified', notes: 'ok' } },
      platformAdmin,
    );
    expect(done.verification_status).toBe('verified');
    expect((await h.call(institutionRoutes.get, { params: { id: draft.id } }, founder)).verification_status).toBe('verified');
    expect((await sentTo(victim.email)).map((r) => [r.payload.create_account, r.payload.sending, r.payload.institution_name])).toEqual([
      [true, 1, 'Pending Academy'],
    ]);
    expect((await sentTo('fresh@pending.test')).map((r) => r.payload.create_account)).toEqual([true]);
    expect((await mine(victim)).invitations.map((i) => i.institution_id)).toEqual([pending.id]);
    expect(await membersOf(pending)).toEqual([]);
  });

  it('a rejection withdraws what was held, unsent', async () => {
    const founder = await h.user('institution', 'Rejected Founder');
    const pending = await h.institution(founder, { name: 'Rejected Academy', status: 'pending' });
    await h.call(
      institutionRoutes.addMember,
      { params: { id: pending.id }, body: { email: 'never@rejected.test', member_type: 'student', create_account: true } },
      founder,
    );
    await h.call(institutionRoutes.verify, { params: { id: pending.id }, body: { status: 'rejected' } }, await h.user('admin'));
    expect(await sentTo('never@rejected.test')).toEqual([]);
    expect(
      (await h.call(institutionRoutes.listInvitations, { params: { id: pending.id } }, founder)).invitations.map((i) => i.status),
    ).toEqual(['revoked']);
  });
});

describe('a portal grant (POST /auth/grant-subsidiary-access, forwarded by identity)', () => {
  it('updates a member at once and invites anyone else, with the same answer for any e-mail', async () => {
    const member = await h.user('learner', 'Granted Member');
    await h.member(inst, member, 'student');
    const outsider = await h.user('learner', 'Granted Outsider');
    const grant = (email: string) =>
      callInternal(h.client, institutionInternal.grantAccess, {
        granted_by: admin.id,
        institution_id: inst.id,
        email,
        portal_role: 'institution',
        access_level: 'readonly',
        permissions: [],
      });
    expect(await grant(member.email)).toEqual({ outcome: 'updated', institution_name: 'Consent Academy' });
    expect(await grant(outsider.email)).toEqual({ outcome: 'invited', institution_name: 'Consent Academy' });
    expect(await grant('no-account@grant.test')).toEqual({ outcome: 'invited', institution_name: 'Consent Academy' });
    expect(await membersOf(inst)).not.toContainEqual({ user_id: outsider.id });
    const [inv] = (await mine(outsider)).invitations;
    expect(inv!.member_type).toBe('admin');
    await h.call(institutionRoutes.acceptInvitation, { params: { invitationId: inv!.id } }, outsider);
    const [row] = (await h.system((tx) =>
      tx.query(`SELECT member_type, portal_role, access_level FROM members WHERE institution_id = $1 AND user_id = $2`, [
        inst.id,
        outsider.id,
      ]),
    )) as unknown[];
    expect(row).toEqual({ member_type: 'admin', portal_role: 'institution', access_level: 'readonly' });
  });
});
