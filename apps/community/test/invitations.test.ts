import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { communityEvents, communityRoutes as r, type StudyGroup } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { CommunityHarness, type TestUser } from './support/community-harness.js';

let h: CommunityHarness;
let creator: TestUser;
let mod: TestUser;
let member: TestUser;
let invitee: TestUser;
let stranger: TestUser;
let group: StudyGroup;

const DAY = 86_400_000;

beforeAll(async () => {
  h = await CommunityHarness.start({ PUBLIC_URL: 'https://learn.example/', INVITATION_SECRET: 'a-test-secret-for-invitation-links' });
  [creator, mod, member, invitee, stranger] = await Promise.all([
    h.user('learner', 'Ines Inviter'),
    h.user(),
    h.user(),
    h.user(),
    h.user(),
  ]);
  group = await privateGroup();
  // a private group is joined by invitation: the moderator and the member come in that way
  for (const u of [mod, member]) {
    const sent = await invite(group.id, u.email);
    await h.call(r.acceptInvitation, { params: { token: tokenOf(sent.invitation_link) } }, u.caller);
  }
  await h.call(r.promoteMember, { params: { id: group.id }, body: { member_id: mod.id, role: 'moderator' } }, creator.caller);
}, 120_000);
afterAll(async () => {
  jest.restoreAllMocks();
  await h.stop();
}, 60_000);

const privateGroup = (max = 50) =>
  h.call(
    r.createGroup,
    {
      body: {
        name: `Private ${randomUUID().slice(0, 6)}`,
        description: 'By invitation',
        category: 'data_science_analytics',
        max_members: max,
        privacy: 'private',
      },
    },
    creator.caller,
  );
const invite = (groupId: string, email: string, who = creator, message?: string) =>
  h.call(r.sendInvitation, { params: { id: groupId }, body: { email, ...(message ? { message } : {}) } }, who.caller);
const tokenOf = (link: string) => link.split('/').pop()!;
const preview = (token: string) => h.call(r.invitationPreview, { params: { token } });
const accept = (token: string, who: TestUser) => h.call(r.acceptInvitation, { params: { token } }, who.caller);
const later = (ms: number) => {
  const clock = h.clock;
  const real = Date.now;
  return jest.spyOn(clock, 'now').mockImplementation(() => new Date(real() + ms));
};

describe('sending an invitation', () => {
  it('answers a signed absolute link valid 7 days and writes community.invitation.sent with it', async () => {
    const email = `someone.${randomUUID().slice(0, 6)}@example.test`;
    const sent = await invite(group.id, email, creator, 'Join us on Thursdays');
    expect(sent).toMatchObject({
      message: 'Invitation sent',
      expires_in_days: 7,
      invitation: {
        email,
        status: 'pending',
        message: 'Join us on Thursdays',
        invited_by_name: 'Ines Inviter',
        expired: false,
        responded_at: null,
      },
    });
    expect(sent.invitation_link).toMatch(
      new RegExp(`^https://learn\\.example/community/invitations/${sent.invitation.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`),
    );
    const days = (new Date(sent.invitation.expires_at).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const events = (await h.outbox('community.invitation.sent')).map((e) => e.payload);
    expect(events).toContainEqual(
      expect.objectContaining({
        invitation_id: sent.invitation.id,
        sending: 1,
        group_id: group.id,
        group_name: group.name,
        email,
        invited_by_name: 'Ines Inviter',
        message: 'Join us on Thursdays',
        link: sent.invitation_link,
      }),
    );
  });

  it('is for the creator and moderators (403 for a member or a stranger), not to a member (409), and needs an e-mail (400)', async () => {
    await expectAppError(invite(group.id, 'x@example.test', member), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(invite(group.id, 'x@example.test', stranger), 403, 'NOT_GROUP_MANAGER');
    const sent = await invite(group.id, `mod.${randomUUID().slice(0, 6)}@example.test`, mod);
    expect(sent.invitation.status).toBe('pending');
    const e = await expectAppError(invite(group.id, member.email.toUpperCase()), 409, 'ALREADY_MEMBER');
    expect(e.detail).toBe('This person is already a member of the group');
    await expectAppError(invite(group.id, 'not-an-email'), 400, 'VALIDATION_FAILED');
    await expectAppError(invite(randomUUID(), 'x@example.test'), 404, 'GROUP_NOT_FOUND');
  });

  it('sends a pending invitation again when the same e-mail is invited twice (one row, a new link)', async () => {
    const email = `twice.${randomUUID().slice(0, 6)}@example.test`;
    const first = await invite(group.id, email);
    const second = await invite(group.id, email);
    expect(second.invitation.id).toBe(first.invitation.id);
    // even within the same second the new sending has a new link and the first one stops working
    expect(second.invitation_link).not.toBe(first.invitation_link);
    await expectAppError(preview(tokenOf(first.invitation_link)), 404, 'INVITATION_NOT_FOUND');
    expect((await preview(tokenOf(second.invitation_link))).status).toBe('pending');
    const rows = (await h.ds.query('SELECT sending FROM group_invitations WHERE group_id = $1 AND email = $2', [
      group.id,
      email,
    ])) as Array<{ sending: number }>;
    expect(rows).toEqual([{ sending: 2 }]);
  });

  it('lists the invitations, the most recent first, for managers only', async () => {
    const list = await h.call(r.listInvitations, { params: { id: group.id } }, mod.caller);
    const times = list.map((i) => new Date(i.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.map((i) => i.email)).toEqual(expect.arrayContaining([mod.email, member.email]));
    expect(list.find((i) => i.email === member.email)).toMatchObject({ status: 'accepted' });
    await expectAppError(h.call(r.listInvitations, { params: { id: group.id } }, member.caller), 403, 'NOT_GROUP_MANAGER');
  });
});

describe('the invitation link', () => {
  it('shows the group before anyone signs in, and makes the private group visible to the invited person', async () => {
    const sent = await invite(group.id, invitee.email, creator, 'Welcome');
    const p = await preview(tokenOf(sent.invitation_link));
    expect(p).toMatchObject({
      id: sent.invitation.id,
      email: invitee.email,
      status: 'pending',
      expired: false,
      message: 'Welcome',
      invited_by_name: 'Ines Inviter',
      group: { id: group.id, name: group.name, privacy: 'private', category: 'data_science_analytics' },
    });
    const card = await h.call(r.getGroup, { params: { id: group.id } }, invitee.caller);
    expect([card.has_invitation, card.is_member, card.members]).toEqual([true, false, []]);
    const browse = await h.call(r.browseGroups, { query: { search: group.name, limit: 50, offset: 0 } }, invitee.caller);
    expect(browse.groups.map((g) => g.id)).toEqual([group.id]);
    expect((await h.call(r.browseGroups, { query: { search: group.name, limit: 50, offset: 0 } }, stranger.caller)).groups).toEqual([]);
  });

  it('accepted: the holder joins the private group, the invitation is answered (422 the second time)', async () => {
    const u = await h.user();
    const sent = await invite(group.id, u.email);
    const token = tokenOf(sent.invitation_link);
    const ok = await accept(token, u);
    expect(ok).toEqual({ message: `You joined ${group.name}`, group_id: group.id, status: 'accepted' });
    const card = await h.call(r.getGroup, { params: { id: group.id } }, u.caller);
    expect([card.is_member, card.user_role]).toEqual([true, 'member']);
    await expectAppError(accept(token, u), 422, 'INVITATION_NOT_PENDING');
    await expectAppError(h.call(r.declineInvitation, { params: { token } }, u.caller), 422, 'INVITATION_NOT_PENDING');
    expect((await preview(token)).status).toBe('accepted');
    const joined = (await h.outbox('community.group.joined')).map((e) => e.payload);
    expect(joined).toContainEqual(expect.objectContaining({ group_id: group.id, user_id: u.id, via: 'invitation' }));
  });

  it('declined: nobody joins, the invitation is answered', async () => {
    const u = await h.user();
    const sent = await invite(group.id, u.email);
    const token = tokenOf(sent.invitation_link);
    expect(await h.call(r.declineInvitation, { params: { token } }, u.caller)).toEqual({
      message: 'Invitation declined',
      group_id: group.id,
      status: 'declined',
    });
    expect((await h.call(r.getGroup, { params: { id: group.id } }, creator.caller)).members.map((m) => m.id)).not.toContain(u.id);
    await expectAppError(accept(token, u), 422, 'INVITATION_NOT_PENDING');
    // answered: it can be sent anew (a new pending one)
    expect((await invite(group.id, u.email)).invitation.id).not.toBe(sent.invitation.id);
  });

  it('needs a sign-in to answer (401) but not to look at', async () => {
    const sent = await invite(group.id, `anon.${randomUUID().slice(0, 6)}@example.test`);
    await expectAppError(h.call(r.acceptInvitation, { params: { token: tokenOf(sent.invitation_link) } }), 401, 'UNAUTHENTICATED');
    expect((await preview(tokenOf(sent.invitation_link))).status).toBe('pending');
  });

  it('refuses a link whose signature does not hold, or with its expiry changed (404 INVITATION_NOT_FOUND)', async () => {
    const sent = await invite(group.id, `forged.${randomUUID().slice(0, 6)}@example.test`);
    const [id, exp, sig] = tokenOf(sent.invitation_link).split('.') as [string, string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    await expectAppError(preview(`${id}.${exp}.${flipped}`), 404, 'INVITATION_NOT_FOUND');
    await expectAppError(preview(`${id}.${Number(exp) + 86_400}.${sig}`), 404, 'INVITATION_NOT_FOUND');
    await expectAppError(accept(`${randomUUID()}.${exp}.${sig}`, stranger), 404, 'INVITATION_NOT_FOUND');
    await expectAppError(preview('garbage-token-value'), 404, 'INVITATION_NOT_FOUND');
  });

  it('expires after 7 days: the page says so, accepting and declining answer 422 INVITATION_EXPIRED', async () => {
    const u = await h.user();
    const sent = await invite(group.id, u.email);
    const token = tokenOf(sent.invitation_link);
    const spy = later(7 * DAY + 1000);
    try {
      expect((await preview(token)).expired).toBe(true);
      const e = await expectAppError(accept(token, u), 422, 'INVITATION_EXPIRED');
      expect(e.detail).toBe('This invitation link has expired; ask for a new invitation');
      await expectAppError(h.call(r.declineInvitation, { params: { token } }, u.caller), 422, 'INVITATION_EXPIRED');
      const listed = (await h.call(r.listInvitations, { params: { id: group.id } }, creator.caller)).find(
        (i) => i.id === sent.invitation.id,
      );
      expect(listed).toMatchObject({ status: 'pending', expired: true });
    } finally {
      spy.mockRestore();
    }
    // a day before the end it still works
    const spy2 = later(6 * DAY);
    try {
      expect((await accept(token, u)).status).toBe('accepted');
    } finally {
      spy2.mockRestore();
    }
  });

  it('does not let anyone into a full group (422 GROUP_FULL; the invitation stays pending)', async () => {
    const small = await privateGroup(5);
    await h.call(r.addTestMembers, { params: { id: small.id } }, creator.caller);
    await h.call(r.addTestMembers, { params: { id: small.id } }, creator.caller);
    const u = await h.user();
    const sent = await invite(small.id, u.email);
    await expectAppError(accept(tokenOf(sent.invitation_link), u), 422, 'GROUP_FULL');
    expect((await preview(tokenOf(sent.invitation_link))).status).toBe('pending');
  });

  it('joining a private group with a pending invitation (by e-mail) takes the invitation', async () => {
    const u = await h.user();
    const sent = await invite(group.id, u.email);
    const joined = await h.call(r.joinGroup, { params: { id: group.id } }, u.caller);
    expect(joined.group).toMatchObject({ is_member: true, user_role: 'member' });
    expect((await preview(tokenOf(sent.invitation_link))).status).toBe('accepted');
  });
});

describe('resending', () => {
  it('gives a pending invitation a fresh 7-day link; the old link stops working', async () => {
    const u = await h.user();
    const sent = await invite(group.id, u.email);
    const old = tokenOf(sent.invitation_link);
    const spy = later(2 * DAY);
    let again;
    try {
      again = await h.call(r.resendInvitation, { params: { id: sent.invitation.id } }, mod.caller);
    } finally {
      spy.mockRestore();
    }
    expect(again.message).toBe('Invitation resent');
    expect(again.invitation_link).not.toBe(sent.invitation_link);
    expect(new Date(again.invitation.expires_at).getTime() - new Date(sent.invitation.expires_at).getTime()).toBeGreaterThan(DAY);
    await expectAppError(preview(old), 404, 'INVITATION_NOT_FOUND');
    await expectAppError(accept(old, u), 404, 'INVITATION_NOT_FOUND');
    expect((await accept(tokenOf(again.invitation_link), u)).status).toBe('accepted');
  });

  it('resends only pending invitations (422 INVITATION_NOT_PENDING), by managers only, 404 for an unknown one', async () => {
    const accepted = (await h.call(r.listInvitations, { params: { id: group.id } }, creator.caller)).find((i) => i.status === 'accepted')!;
    const e = await expectAppError(
      h.call(r.resendInvitation, { params: { id: accepted.id } }, creator.caller),
      422,
      'INVITATION_NOT_PENDING',
    );
    expect(e.detail).toMatch(/only pending invitations/);
    const sent = await invite(group.id, `resend.${randomUUID().slice(0, 6)}@example.test`);
    await expectAppError(h.call(r.resendInvitation, { params: { id: sent.invitation.id } }, member.caller), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(h.call(r.resendInvitation, { params: { id: randomUUID() } }, creator.caller), 404, 'INVITATION_NOT_FOUND');
  });
});

describe('the invitation e-mail', () => {
  it('is queued for the worker once per sending: job invitation-{id}-{sending}, a replayed event adds nothing', async () => {
    const email = `mail.${randomUUID().slice(0, 6)}@example.test`;
    const sent = await invite(group.id, email, creator, 'See you there');
    const id = sent.invitation.id;
    await h.waitFor(async () => !!(await h.emails.getJob(`invitation-${id}-1`)));
    const job = (await h.emails.getJob(`invitation-${id}-1`))!;
    expect(job.name).toBe('email.send');
    expect(job.data).toMatchObject({
      to: email,
      subject: `Ines Inviter invited you to join ${group.name} on the learning platform`,
      kind: 'community.invitation',
    });
    const text = (job.data as { text: string }).text;
    expect(text).toContain('See you there');
    expect(text).toContain(sent.invitation_link);
    expect(text).toContain('This link expires in 7 days.');

    const resent = await h.call(r.resendInvitation, { params: { id } }, creator.caller);
    await h.waitFor(async () => !!(await h.emails.getJob(`invitation-${id}-2`)));
    expect(((await h.emails.getJob(`invitation-${id}-2`))!.data as { text: string }).text).toContain(resent.invitation_link);

    // the same event delivered again (a replay): the consumer adds the same job id, no second e-mail
    const [payload] = (await h.outbox('community.invitation.sent'))
      .map((e) => e.payload)
      .filter((p) => p.invitation_id === id && p.sending === 1);
    const replay = await h.publish(communityEvents.invitationSent, payload as never);
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM inbox WHERE event_id = $1', [replay])).length > 0);
    const ours = (await h.emails.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized'])).filter((j) =>
      j.id?.startsWith(`invitation-${id}-`),
    );
    expect(ours.map((j) => j.id).sort()).toEqual([`invitation-${id}-1`, `invitation-${id}-2`]);
  });
});
