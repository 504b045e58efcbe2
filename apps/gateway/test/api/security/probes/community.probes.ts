import { describe, expect, it } from '@jest/globals';
import type { ProbeAuth, ProbeTarget } from '../target.js';

/**
 * Issue 24, attack 4 ("moderation that sticks"): a suspended study-group member left a public
 * group and joined again, and the suspension was gone: posting worked. A removed member
 * could rejoin at once. Suspensions and removals are now bans recorded on the group: they
 * survive leaving and rejoining, a removed person joins again only through an invitation
 * (403 MEMBER_REMOVED), and only the group's creator or a moderator lifts them.
 */
export function communityProbes(target: () => ProbeTarget): void {
  type Ban = { id: string; user_id: string; kind: string; banned_by_id: string; banned_at: string; lifted_at: string | null };
  type Group = { id: string; is_suspended: boolean; is_removed: boolean; is_member: boolean };

  const api = <T = Record<string, unknown>>(method: string, path: string, who: ProbeAuth, body?: unknown) =>
    target().api<T>(method, path, { token: who.token, ...(body !== undefined ? { body } : {}) });
  const post = (groupId: string, who: ProbeAuth) => api('POST', `/study-groups/${groupId}/messages`, who, { content: 'I am back' });
  const codeOf = (res: { body: unknown }) => (res.body as { code?: string }).code;

  /** An owner (any signed-in person may create a group; a learner here) with a public group. */
  const publicGroup = async (tag: string): Promise<{ owner: ProbeAuth; groupId: string }> => {
    const owner = await target().register('learner', `${tag}-owner`);
    const created = await api<Group>('POST', '/study-groups', owner, {
      name: `Probe ${tag} ${Date.now()}`,
      description: 'A public group the probe moderates',
      category: 'programming_development',
      privacy: 'public',
    });
    expect(created.status).toBe(201);
    return { owner, groupId: created.body.id };
  };
  const banOf = async (groupId: string, owner: ProbeAuth, userId: string, kind: string): Promise<Ban> => {
    const list = await api<Ban[]>('GET', `/study-groups/${groupId}/bans`, owner);
    expect(list.status).toBe(200);
    const ban = list.body.find((b) => b.user_id === userId && b.kind === kind);
    expect(ban).toMatchObject({ banned_by_id: expect.any(String), banned_at: expect.any(String), lifted_at: null });
    return ban!;
  };

  describe('attack 4: moderation that sticks (study groups)', () => {
    it('a suspended member who leaves and rejoins a public group is still refused posting (403 MEMBER_SUSPENDED)', async () => {
      const { owner, groupId } = await publicGroup('suspend');
      const member = await target().register('learner', 'suspended');
      expect((await api('POST', `/study-groups/${groupId}/join`, member)).status).toBe(200);
      expect((await post(groupId, member)).status).toBe(201);
      const suspended = await api('POST', `/study-groups/${groupId}/suspend-member`, owner, { member_id: member.user.id, suspended: true });
      expect(suspended.status).toBe(200);
      const refused = await post(groupId, member);
      expect([refused.status, codeOf(refused)]).toEqual([403, 'MEMBER_SUSPENDED']);

      expect((await api('POST', `/study-groups/${groupId}/leave`, member)).status).toBe(200);
      const rejoined = await api<{ group: Group }>('POST', `/study-groups/${groupId}/join`, member);
      expect(rejoined.status).toBe(200);
      expect(rejoined.body.group).toMatchObject({ is_member: true, is_suspended: true });
      const still = await post(groupId, member);
      expect([still.status, codeOf(still)]).toEqual([403, 'MEMBER_SUSPENDED']);
      const discussion = await api('POST', `/study-groups/${groupId}/forum-posts`, member, {
        title: 'Back',
        content: 'Hello again',
        category: 'general',
        post_type: 'discussion',
      });
      expect([discussion.status, codeOf(discussion)]).toEqual([403, 'MEMBER_SUSPENDED']);

      // who and when are on record, the member cannot lift it, the owner can
      const ban = await banOf(groupId, owner, member.user.id, 'suspended');
      expect(ban.banned_by_id).toBe(owner.user.id);
      const self = await api('POST', `/study-groups/${groupId}/bans/${ban.id}/lift`, member);
      expect([self.status, codeOf(self)]).toEqual([403, 'NOT_GROUP_MANAGER']);
      expect((await post(groupId, member)).status).toBe(403);
      expect((await api('POST', `/study-groups/${groupId}/bans/${ban.id}/lift`, owner)).status).toBe(200);
      expect((await post(groupId, member)).status).toBe(201);
    });

    it('a removed member cannot rejoin (403 MEMBER_REMOVED) until the owner lifts the removal; a non-moderator cannot lift it', async () => {
      const { owner, groupId } = await publicGroup('remove');
      const [member, bystander] = await Promise.all([target().register('learner', 'removed'), target().register('learner', 'bystander')]);
      for (const who of [member, bystander]) expect((await api('POST', `/study-groups/${groupId}/join`, who)).status).toBe(200);
      const removed = await api('POST', `/study-groups/${groupId}/remove-member`, owner, { member_id: member.user.id });
      expect(removed.status).toBe(200);

      const again = await api('POST', `/study-groups/${groupId}/join`, member);
      expect([again.status, codeOf(again)]).toEqual([403, 'MEMBER_REMOVED']);
      expect(Object.keys(again.body as object)).toEqual(['detail', 'code', 'errors']);
      const card = await api<Group>('GET', `/study-groups/${groupId}`, member);
      expect(card.body).toMatchObject({ is_member: false, is_removed: true });

      const ban = await banOf(groupId, owner, member.user.id, 'removed');
      for (const who of [bystander, member]) {
        const list = await api('GET', `/study-groups/${groupId}/bans`, who);
        expect([list.status, codeOf(list)]).toEqual([403, 'NOT_GROUP_MANAGER']);
        const lift = await api('POST', `/study-groups/${groupId}/bans/${ban.id}/lift`, who);
        expect([lift.status, codeOf(lift)]).toEqual([403, 'NOT_GROUP_MANAGER']);
      }
      expect((await api('POST', `/study-groups/${groupId}/join`, member)).status).toBe(403);

      const lifted = await api<{ ban: Ban }>('POST', `/study-groups/${groupId}/bans/${ban.id}/lift`, owner);
      expect(lifted.status).toBe(200);
      expect(lifted.body.ban.lifted_at).not.toBeNull();
      expect((await api('POST', `/study-groups/${groupId}/join`, member)).status).toBe(200);
      expect((await post(groupId, member)).status).toBe(201);
    });
  });
}
