import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { communityLiveInternal, communityRoutes } from '@lp/contracts';
import { callInternal, expectAppError } from '@lp/testing';
import { CommunityHarness, type TestUser } from './support/community-harness.js';

jest.setTimeout(30_000);

/**
 * Who may follow a live feed: the gateway asks community (community.live.access) before a
 * stream opens and while it stays open. A group's feed is for its members, a suspended one
 * included; a question's for anyone, once the question exists.
 */
describe('live feed access', () => {
  let h: CommunityHarness;
  let creator: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let groupId: string;
  const access = (subject: 'study-group' | 'question', id: string, who: TestUser) =>
    callInternal(h.client, communityLiveInternal.access, { subject, id, user_id: who.id });

  beforeAll(async () => {
    h = await CommunityHarness.start();
    [creator, member, outsider] = await Promise.all([
      h.user('learner', 'Creator'),
      h.user('learner', 'Member'),
      h.user('learner', 'Outsider'),
    ]);
    const group = await h.call(
      communityRoutes.createGroup,
      { body: { name: 'Live access', description: 'Who reads live', category: 'academic_support', max_members: 10, privacy: 'public' } },
      creator.caller,
    );
    groupId = group.id;
    await h.call(communityRoutes.joinGroup, { params: { id: groupId } }, member.caller);
  });

  afterAll(async () => {
    await h?.stop();
  });

  it("lets the group's creator and members follow it, and refuses everyone else with 403", async () => {
    await expect(access('study-group', groupId, creator)).resolves.toEqual({ allowed: true });
    await expect(access('study-group', groupId, member)).resolves.toEqual({ allowed: true });
    await expectAppError(access('study-group', groupId, outsider), 403, 'NOT_GROUP_MEMBER');
  });

  it('lets a suspended member read on', async () => {
    await h.call(
      communityRoutes.suspendMember,
      { params: { id: groupId }, body: { member_id: member.id, suspended: true } },
      creator.caller,
    );
    await expect(access('study-group', groupId, member)).resolves.toEqual({ allowed: true });
    await h.call(
      communityRoutes.suspendMember,
      { params: { id: groupId }, body: { member_id: member.id, suspended: false } },
      creator.caller,
    );
  });

  it('refuses a member who left', async () => {
    const leaving = await h.user('learner', 'Leaving');
    await h.call(communityRoutes.joinGroup, { params: { id: groupId } }, leaving.caller);
    await expect(access('study-group', groupId, leaving)).resolves.toEqual({ allowed: true });
    await h.call(communityRoutes.leaveGroup, { params: { id: groupId } }, leaving.caller);
    await expectAppError(access('study-group', groupId, leaving), 403, 'NOT_GROUP_MEMBER');
  });

  it('answers 404 for a group or a question that does not exist, and lets anyone follow a question that does', async () => {
    await expectAppError(access('study-group', randomUUID(), member), 404, 'GROUP_NOT_FOUND');
    await expectAppError(access('question', randomUUID(), member), 404, 'QUESTION_NOT_FOUND');
    const q = await h.call(
      communityRoutes.askQuestion,
      { body: { title: 'Anyone following?', content: 'A question to follow live' } },
      creator.caller,
    );
    await expect(access('question', q.id, outsider)).resolves.toEqual({ allowed: true });
  });

  it('refuses a malformed request', async () => {
    await expectAppError(
      callInternal(h.client, communityLiveInternal.access, { subject: 'study-group', id: 'nope', user_id: member.id } as never),
      400,
      'VALIDATION_FAILED',
    );
  });
});
