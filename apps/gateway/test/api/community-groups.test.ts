import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  communityRoutes,
  fillPath,
  GROUP_FILE_MAX_BYTES,
  identityInternal,
  type AnyRoute,
  type ForumPost,
  type GroupEvent,
  type GroupFile,
  type GroupMessage,
  type Invitation,
  type StudyGroup,
  type StudyGroupDetail,
  type User,
} from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

/**
 * Study groups through the gateway: every route of the groups, invitations, workspace and
 * direct-message sections over HTTP as the SPA calls them, with their refusals (401, 403,
 * 400 with the fields named, 404, 409, 413, 422) and the happy paths.
 */

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };
type Sent = { message: string; invitation: Invitation; invitation_link: string; expires_in_days: number };

const PASSWORD = 'secret-pass-1';
const SAMPLE_ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const GROUP_SECTIONS = new Set([
  'community.group',
  'community.member',
  'community.ban',
  'community.invitation',
  'community.message',
  'community.file',
  'community.event',
  'community.post',
  'community.dm',
]);
const ours = (Object.values(communityRoutes) as AnyRoute[]).filter((r) => GROUP_SECTIONS.has(r.subject.split('.').slice(0, 2).join('.')));

jest.setTimeout(60_000);

describe('study groups through the gateway', () => {
  let stack: Stack;
  let bus: RpcClient;
  let closeBus: () => Promise<void>;
  let creator: Auth;
  let member: Auth;
  let stranger: Auth;
  let admin: Auth;
  let group: StudyGroup;

  const register = async (name: string): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name, email: uniqueEmail('groups'), password: PASSWORD, role: 'learner' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, who: Auth | null, body?: unknown) =>
    stack.api<T>(method, path, { ...(who ? { token: who.token } : {}), ...(body !== undefined ? { body } : {}) });
  const expectError = (res: ApiResponse, status: number, code: string): ErrorBody => {
    expect([res.status, (res.body as unknown as ErrorBody).code]).toEqual([status, code]);
    expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
    return res.body as unknown as ErrorBody;
  };
  const createGroup = async (who: Auth, over: Record<string, unknown> = {}): Promise<StudyGroup> => {
    const res = await call<StudyGroup>('POST', '/study-groups', who, {
      name: `Group ${randomUUID().slice(0, 6)}`,
      description: 'We meet weekly',
      category: 'programming_development',
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** The people community shows arrive from identity's events: wait until it knows them. */
  const known = async (...who: Auth[]) => {
    for (const a of who) {
      for (let i = 0; ; i++) {
        if ((await stack.community.ds.query('SELECT 1 FROM users WHERE id = $1', [a.user.id])).length) break;
        if (i > 200) throw new Error(`community never heard of ${a.user.id}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const upload = (path: string, who: Auth, data: Buffer, name: string, type: string) => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return stack.api<GroupFile>('POST', path, { token: who.token, raw: f });
  };
  const tokenOf = (link: string) => link.split('/').pop()!;

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_URL: 'https://learn.example' });
    const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'community-api-test' });
    bus = new RpcClient(nc, stack.env.BUS_PREFIX!, 10_000);
    closeBus = () => nc.drain();
    const email = uniqueEmail('groups-admin');
    await bus.request(
      identityInternal.ensureUser.subject,
      { email, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
      { requestId: 'api-test' },
    );
    const login = await stack.api<Auth>('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    admin = login.body;
    [creator, member, stranger] = await Promise.all([register('Cora Creator'), register('Milo Member'), register('Sam Stranger')]);
    await known(creator, member, stranger, admin);
    group = await createGroup(creator, { name: 'API Group', max_members: 10 });
    expect((await call('POST', `/study-groups/${group.id}/join`, member)).status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await closeBus?.();
    await stack?.stop();
  }, 60_000);

  describe('guards and the route table', () => {
    const pathOf = (r: AnyRoute) =>
      fillPath(
        r.path,
        Object.fromEntries(
          [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, m[1] === 'token' ? `${SAMPLE_ID}.1.abcdefghij` : SAMPLE_ID]),
        ),
      );

    it('answers 401 in the error shape on every route but the invitation preview without a token', async () => {
      expect(ours.length).toBe(38);
      expect(ours.filter((r) => r.guard === 'public').map((r) => `${r.method} ${r.path}`)).toEqual(['GET /invitations/{token}']);
      for (const r of ours.filter((x) => x.guard !== 'public')) {
        const res = await stack.api(r.method, pathOf(r));
        expect([r.subject, res.status, res.body]).toEqual([
          r.subject,
          401,
          { detail: 'Authentication required', code: 'UNAUTHENTICATED', errors: [] },
        ]);
      }
    });

    it('answers 404 for an unknown group on every group route', async () => {
      for (const r of ours.filter((x) => x.path.startsWith('/study-groups/{id}'))) {
        if (r.bodyKind === 'form') continue;
        const bodies: Partial<Record<string, unknown>> = {
          [communityRoutes.updateGroup.subject]: {
            name: 'n',
            description: 'd',
            category: 'health_wellness',
            max_members: 10,
            privacy: 'public',
          },
          [communityRoutes.sendInvitation.subject]: { email: 'a@example.test' },
          [communityRoutes.removeMember.subject]: { member_id: SAMPLE_ID },
          [communityRoutes.suspendMember.subject]: { member_id: SAMPLE_ID },
          [communityRoutes.promoteMember.subject]: { member_id: SAMPLE_ID },
          [communityRoutes.postGroupMessage.subject]: { content: 'x' },
          [communityRoutes.createGroupEvent.subject]: { title: 't', date: '2030-01-01', time: '10:00' },
          [communityRoutes.createGroupPost.subject]: { title: 't', content: 'c' },
          [communityRoutes.updateGroupPost.subject]: { title: 't', content: 'c' },
        };
        const body = bodies[r.subject];
        const res = await call(r.method, pathOf(r), member, body);
        expect([r.subject, res.status, (res.body as unknown as ErrorBody).code]).toEqual([r.subject, 404, 'GROUP_NOT_FOUND']);
      }
    });

    it('reports community ok on /api/health', async () => {
      const res = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
      expect(res.body.services.community).toMatchObject({ status: 'ok' });
    });
  });

  describe('groups', () => {
    it('creates (400 with the fields named for bad input), shows, browses, lists mine, edits and deletes', async () => {
      const bad = expectError(
        await call('POST', '/study-groups', creator, { name: '', description: 'd', category: 'cooking', max_members: 3 }),
        400,
        'VALIDATION_FAILED',
      );
      expect(bad.errors.map((e) => e.path).sort()).toEqual(['category', 'max_members', 'name']);
      const g = await createGroup(creator, { name: 'Browse me', category: 'language_learning', privacy: 'private' });
      expect(g).toMatchObject({ creator_name: 'Cora Creator', member_count: 1, max_members: 50, user_role: 'creator', privacy: 'private' });
      const detail = await call<StudyGroupDetail>('GET', `/study-groups/${g.id}`, creator);
      expect(detail.body.members).toEqual([expect.objectContaining({ id: creator.user.id, role: 'creator', name: 'Cora Creator' })]);
      expectError(await call('GET', `/study-groups/${g.id}`, stranger), 403, 'GROUP_PRIVATE');
      const browse = await call<{ groups: StudyGroup[]; total: number }>(
        'GET',
        `/study-groups/browse?category=language_learning&search=${encodeURIComponent('browse ME')}`,
        creator,
      );
      expect(browse.body.groups.map((x) => x.id)).toContain(g.id);
      const hidden = await call<{ groups: StudyGroup[] }>(
        'GET',
        `/study-groups/browse?search=${encodeURIComponent('Browse me')}`,
        stranger,
      );
      expect(hidden.body.groups.map((x) => x.id)).not.toContain(g.id);
      expectError(await call('GET', '/study-groups/browse?category=cooking', creator), 400, 'VALIDATION_FAILED');
      const mine = await call<{ created_groups: StudyGroup[]; joined_groups: StudyGroup[] }>('GET', '/study-groups/my', member);
      expect(mine.body.joined_groups.map((x) => x.id)).toContain(group.id);
      const edit = { name: 'Renamed', description: 'New', category: 'language_learning', max_members: 5, privacy: 'public' };
      expectError(await call('PUT', `/study-groups/${g.id}`, stranger, edit), 403, 'NOT_GROUP_MANAGER');
      const edited = await call<StudyGroup>('PUT', `/study-groups/${g.id}`, creator, edit);
      expect([edited.status, edited.body.name, edited.body.privacy]).toEqual([200, 'Renamed', 'public']);
      expectError(await call('DELETE', `/study-groups/${g.id}`, stranger), 403, 'NOT_GROUP_MANAGER');
      const gone = await call('DELETE', `/study-groups/${g.id}`, creator);
      expect([gone.status, gone.body]).toEqual([200, { message: 'Study group deleted successfully' }]);
      expectError(await call('GET', `/study-groups/${g.id}`, creator), 404, 'GROUP_NOT_FOUND');
    });

    it('joins and leaves: 409 joined twice, 422 full, 403 private, 422 the creator leaving, 422 max below the count', async () => {
      const g = await createGroup(creator, { max_members: 5 });
      const joined = await call<{ message: string; group: StudyGroup }>('POST', `/study-groups/${g.id}/join`, member);
      expect([joined.status, joined.body.group.is_member, joined.body.group.member_count]).toEqual([200, true, 2]);
      expectError(await call('POST', `/study-groups/${g.id}/join`, member), 409, 'ALREADY_MEMBER');
      const added = await call('POST', `/study-groups/${g.id}/add-test-members`, creator);
      expect([added.status, added.body]).toEqual([200, { message: 'Added 3 test members', added_members: 3 }]);
      expect(expectError(await call('POST', `/study-groups/${g.id}/join`, stranger), 422, 'GROUP_FULL').detail).toBe('This group is full');
      expectError(await call('POST', `/study-groups/${g.id}/add-test-members`, creator), 422, 'GROUP_FULL');
      expectError(await call('POST', `/study-groups/${g.id}/add-test-members`, member), 403, 'NOT_GROUP_MANAGER');
      const left = await call('POST', `/study-groups/${g.id}/leave`, member);
      expect([left.status, left.body]).toEqual([200, { message: 'You left the group' }]);
      expectError(await call('POST', `/study-groups/${g.id}/leave`, member), 403, 'NOT_GROUP_MEMBER');
      expectError(await call('POST', `/study-groups/${g.id}/leave`, creator), 422, 'CREATOR_CANNOT_LEAVE');
      const priv = await createGroup(creator, { privacy: 'private' });
      expect(expectError(await call('POST', `/study-groups/${priv.id}/join`, stranger), 403, 'GROUP_PRIVATE').detail).toMatch(/invitation/);
      const big = await createGroup(creator, { max_members: 10 });
      await call('POST', `/study-groups/${big.id}/add-test-members`, creator);
      await call('POST', `/study-groups/${big.id}/add-test-members`, creator);
      const settings = { name: 'n', description: 'd', category: 'health_wellness', privacy: 'public' };
      const below = expectError(
        await call('PUT', `/study-groups/${big.id}`, creator, { ...settings, max_members: 6 }),
        422,
        'MAX_MEMBERS_BELOW_COUNT',
      );
      expect(below.errors).toEqual([{ path: 'max_members', message: 'Max members cannot be below the current member count (7)' }]);
      expect((await call('PUT', `/study-groups/${big.id}`, creator, { ...settings, max_members: 7 })).status).toBe(200);
    });

    it('manages members: promote, suspend, remove; the creator is protected', async () => {
      const g = await createGroup(creator);
      const [mod, plain] = await Promise.all([register('Mo Moderator'), register('Pat Plain')]);
      await known(mod, plain);
      for (const u of [mod, plain]) await call('POST', `/study-groups/${g.id}/join`, u);
      const promoted = await call<{ member: { role: string } }>('POST', `/study-groups/${g.id}/promote-member`, creator, {
        member_id: mod.user.id,
        role: 'moderator',
      });
      expect([promoted.status, promoted.body.member.role]).toEqual([200, 'moderator']);
      expectError(await call('POST', `/study-groups/${g.id}/promote-member`, mod, { member_id: plain.user.id }), 403, 'NOT_GROUP_MANAGER');
      expectError(
        await call('POST', `/study-groups/${g.id}/promote-member`, creator, { member_id: creator.user.id, role: 'member' }),
        422,
        'CREATOR_PROTECTED',
      );
      expectError(
        await call('POST', `/study-groups/${g.id}/promote-member`, creator, { member_id: plain.user.id, role: 'creator' }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await call('POST', `/study-groups/${g.id}/suspend-member`, mod, { member_id: creator.user.id }),
        422,
        'CREATOR_PROTECTED',
      );
      expectError(await call('POST', `/study-groups/${g.id}/remove-member`, mod, { member_id: 'not-an-id' }), 400, 'VALIDATION_FAILED');
      expectError(await call('POST', `/study-groups/${g.id}/remove-member`, mod, { member_id: stranger.user.id }), 404, 'MEMBER_NOT_FOUND');
      const suspended = await call<{ member: { is_suspended: boolean } }>('POST', `/study-groups/${g.id}/suspend-member`, mod, {
        member_id: plain.user.id,
      });
      expect([suspended.status, suspended.body.member.is_suspended]).toEqual([200, true]);
      expectError(await call('POST', `/study-groups/${g.id}/messages`, plain, { content: 'let me talk' }), 403, 'MEMBER_SUSPENDED');
      expect((await call('GET', `/study-groups/${g.id}/messages`, plain)).status).toBe(200);
      const removed = await call('POST', `/study-groups/${g.id}/remove-member`, mod, { member_id: plain.user.id });
      expect([removed.status, removed.body]).toEqual([200, { message: 'Member removed from the group', member: null }]);
      expectError(await call('GET', `/study-groups/${g.id}/messages`, plain), 403, 'NOT_GROUP_MEMBER');
      // the removal and the suspension stay with the group: no rejoining without an invitation
      expectError(await call('POST', `/study-groups/${g.id}/join`, plain), 403, 'MEMBER_REMOVED');
      const card = await call<StudyGroupDetail>('GET', `/study-groups/${g.id}`, plain);
      expect([card.body.is_removed, card.body.is_suspended, card.body.can_join]).toEqual([true, true, false]);
      type Ban = {
        id: string;
        user_id: string;
        kind: string;
        banned_by_id: string;
        banned_by_name: string;
        banned_at: string;
        lifted_at: string | null;
      };
      const bans = await call<Ban[]>('GET', `/study-groups/${g.id}/bans`, mod);
      expect(bans.body.map((b) => [b.user_id, b.kind, b.banned_by_name]).sort()).toEqual([
        [plain.user.id, 'removed', 'Mo Moderator'],
        [plain.user.id, 'suspended', 'Mo Moderator'],
      ]);
      expectError(await call('GET', `/study-groups/${g.id}/bans`, plain), 403, 'NOT_GROUP_MANAGER');
      expectError(await call('GET', `/study-groups/${g.id}/bans?status=some`, mod), 400, 'VALIDATION_FAILED');
      const removal = bans.body.find((b) => b.kind === 'removed')!;
      expectError(await call('POST', `/study-groups/${g.id}/bans/${removal.id}/lift`, plain), 403, 'NOT_GROUP_MANAGER');
      expectError(await call('POST', `/study-groups/${g.id}/bans/${SAMPLE_ID}/lift`, mod), 404, 'BAN_NOT_FOUND');
      const lifted = await call<{ ban: Ban }>('POST', `/study-groups/${g.id}/bans/${removal.id}/lift`, mod);
      expect([lifted.status, lifted.body.ban.lifted_at !== null]).toEqual([200, true]);
      expectError(await call('POST', `/study-groups/${g.id}/bans/${removal.id}/lift`, mod), 422, 'BAN_ALREADY_LIFTED');
      expect((await call('POST', `/study-groups/${g.id}/join`, plain)).status).toBe(200);
      expectError(await call('POST', `/study-groups/${g.id}/messages`, plain, { content: 'still suspended' }), 403, 'MEMBER_SUSPENDED');
      expect((await call<Ban[]>('GET', `/study-groups/${g.id}/bans?status=all`, creator)).body).toHaveLength(2);
      const stats = await call<{ weeks: unknown[]; member_count: number }>('GET', `/study-groups/${g.id}/analytics`, mod);
      expect([stats.status, stats.body.weeks.length, stats.body.member_count]).toEqual([200, 8, 3]);
      expectError(await call('GET', `/study-groups/${g.id}/analytics`, stranger), 403, 'NOT_GROUP_MANAGER');
    });
  });

  describe('invitations', () => {
    it('sends, lists, previews (public), accepts into a private group, resends only pending ones, declines', async () => {
      const priv = await createGroup(creator, { privacy: 'private', name: 'Invite only' });
      const guest = await register('Gus Guest');
      await known(guest);
      expectError(await call('POST', `/study-groups/${priv.id}/send-invitation`, creator, { email: 'nope' }), 400, 'VALIDATION_FAILED');
      expectError(
        await call('POST', `/study-groups/${priv.id}/send-invitation`, stranger, { email: guest.user.email }),
        403,
        'NOT_GROUP_MANAGER',
      );
      const sent = await call<Sent>('POST', `/study-groups/${priv.id}/send-invitation`, creator, {
        email: guest.user.email,
        message: 'Come along',
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        message: 'Invitation sent',
        expires_in_days: 7,
        invitation: { email: guest.user.email!.toLowerCase(), status: 'pending' },
      });
      expect(sent.body.invitation_link).toMatch(/^https:\/\/learn\.example\/community\/invitations\//);
      const list = await call<Invitation[]>('GET', `/study-groups/${priv.id}/invitations`, creator);
      expect(list.body.map((i) => i.id)).toEqual([sent.body.invitation.id]);
      expectError(await call('GET', `/study-groups/${priv.id}/invitations`, member), 403, 'NOT_GROUP_MANAGER');

      const token = tokenOf(sent.body.invitation_link);
      const preview = await stack.api<{ group: { name: string }; invited_by_name: string; expired: boolean }>(
        'GET',
        `/invitations/${token}`,
      );
      expect([preview.status, preview.body.group.name, preview.body.invited_by_name, preview.body.expired]).toEqual([
        200,
        'Invite only',
        'Cora Creator',
        false,
      ]);
      expectError(await stack.api('GET', `/invitations/${token.slice(0, -2)}xx`), 404, 'INVITATION_NOT_FOUND');
      expectError(await stack.api('GET', '/invitations/short'), 400, 'VALIDATION_FAILED');

      const resent = await call<Sent>('POST', `/invitations/${sent.body.invitation.id}/resend`, creator);
      expect([resent.status, resent.body.message]).toEqual([200, 'Invitation resent']);
      expectError(await call('POST', `/invitations/${token}/accept`, guest), 404, 'INVITATION_NOT_FOUND');
      const accepted = await call('POST', `/invitations/${tokenOf(resent.body.invitation_link)}/accept`, guest);
      expect([accepted.status, accepted.body]).toEqual([200, { message: 'You joined Invite only', group_id: priv.id, status: 'accepted' }]);
      expectError(await call('POST', `/invitations/${sent.body.invitation.id}/resend`, creator), 422, 'INVITATION_NOT_PENDING');
      expectError(await call('POST', `/invitations/${SAMPLE_ID}/resend`, creator), 404, 'INVITATION_NOT_FOUND');
      expectError(
        await call('POST', `/study-groups/${priv.id}/send-invitation`, creator, { email: guest.user.email }),
        409,
        'ALREADY_MEMBER',
      );

      const other = await call<Sent>('POST', `/study-groups/${priv.id}/send-invitation`, creator, { email: stranger.user.email });
      const declined = await call('POST', `/invitations/${tokenOf(other.body.invitation_link)}/decline`, stranger);
      expect([declined.status, declined.body]).toEqual([200, { message: 'Invitation declined', group_id: priv.id, status: 'declined' }]);
      expectError(
        await call('POST', `/invitations/${tokenOf(other.body.invitation_link)}/accept`, stranger),
        422,
        'INVITATION_NOT_PENDING',
      );
    });
  });

  describe('the workspace', () => {
    it('messages: members post and read them; non-members get 403; blank is 400', async () => {
      const posted = await call<GroupMessage>('POST', `/study-groups/${group.id}/messages`, member, { content: 'Hello all' });
      expect([posted.status, posted.body.author_name, posted.body.content]).toEqual([201, 'Milo Member', 'Hello all']);
      const list = await call<GroupMessage[]>('GET', `/study-groups/${group.id}/messages?limit=10`, creator);
      expect(list.body.map((m) => m.id)).toContain(posted.body.id);
      expectError(await call('GET', `/study-groups/${group.id}/messages`, stranger), 403, 'NOT_GROUP_MEMBER');
      expectError(await call('POST', `/study-groups/${group.id}/messages`, member, { content: ' ' }), 400, 'VALIDATION_FAILED');
    });

    it('files: a multipart upload, listed, downloaded by members only; over 25 MB is 413', async () => {
      const data = Buffer.from('group notes\n');
      const up = await upload(`/study-groups/${group.id}/files`, member, data, 'notes.txt', 'text/plain');
      expect([up.status, up.body.filename, up.body.size, up.body.uploader_name]).toEqual([201, 'notes.txt', data.length, 'Milo Member']);
      const list = await call<GroupFile[]>('GET', `/study-groups/${group.id}/files`, creator);
      expect(list.body.map((f) => f.id)).toContain(up.body.id);
      const path = `/api/study-groups/${group.id}/files/${up.body.id}/download`;
      const file = await fetch(`${stack.url}${await stack.link(path, creator.token)}`);
      expect([file.status, Buffer.from(await file.arrayBuffer()).toString()]).toEqual([200, 'group notes\n']);
      expect(file.headers.get('content-disposition')).toMatch(/attachment/);
      expectError(await call('GET', `/study-groups/${group.id}/files/${up.body.id}/download`, stranger), 403, 'NOT_GROUP_MEMBER');
      expectError(await call('GET', `/study-groups/${group.id}/files/${SAMPLE_ID}/download`, member), 404, 'FILE_NOT_FOUND');
      expectError(await upload(`/study-groups/${group.id}/files`, stranger, data, 'x.txt', 'text/plain'), 403, 'NOT_GROUP_MEMBER');
      expectError(await upload(`/study-groups/${SAMPLE_ID}/files`, member, data, 'x.txt', 'text/plain'), 404, 'GROUP_NOT_FOUND');
      expectError(
        await upload(
          `/study-groups/${group.id}/files`,
          member,
          Buffer.alloc(GROUP_FILE_MAX_BYTES + 1),
          'big.bin',
          'application/octet-stream',
        ),
        413,
        'FILE_TOO_LARGE',
      );
      expectError(await call('POST', `/study-groups/${group.id}/files`, member, { file: 'nope' }), 400, 'VALIDATION_FAILED');
    });

    it('events: title, date, time and an optional meeting link; 400 for a bad date', async () => {
      const ev = await call<GroupEvent>('POST', `/study-groups/${group.id}/events`, creator, {
        title: 'Study night',
        date: '2031-01-15',
        time: '19:00',
        meeting_link: 'https://meet.example/x',
        description: 'Chapter 3',
      });
      expect([ev.status, ev.body.organizer_name, ev.body.time]).toEqual([201, 'Cora Creator', '19:00']);
      expect((await call<GroupEvent[]>('GET', `/study-groups/${group.id}/events`, member)).body.map((e) => e.id)).toContain(ev.body.id);
      const bad = expectError(
        await call('POST', `/study-groups/${group.id}/events`, creator, {
          title: 'x',
          date: 'tomorrow',
          time: '7pm',
          meeting_link: 'ftp://x',
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(bad.errors.map((e) => e.path).sort()).toEqual(['date', 'meeting_link', 'time']);
    });

    it('Group Discussions: posted by members, edited and deleted by the author or an admin', async () => {
      const p = await call<ForumPost>('POST', `/study-groups/${group.id}/forum-posts`, member, {
        title: 'Question',
        content: 'How?',
        post_type: 'question',
        category: 'technical',
      });
      expect([p.status, p.body.post_type, p.body.can_edit]).toEqual([201, 'question', true]);
      expect(
        (await call<ForumPost[]>('GET', `/study-groups/${group.id}/forum-posts`, creator)).body.find((x) => x.id === p.body.id)?.can_edit,
      ).toBe(false);
      const path = `/study-groups/${group.id}/forum-posts/${p.body.id}`;
      expectError(await call('PUT', path, creator, { title: 'Mine now', content: 'x' }), 403, 'NOT_POST_AUTHOR');
      const edited = await call<ForumPost>('PUT', path, member, { title: 'Question (edited)', content: 'How, exactly?' });
      expect([edited.status, edited.body.title]).toEqual([200, 'Question (edited)']);
      const byAdmin = await call<ForumPost>('PUT', path, admin, { title: 'Tidied', content: 'How, exactly?' });
      expect([byAdmin.status, byAdmin.body.title]).toEqual([200, 'Tidied']);
      expectError(await call('PUT', path, member, { title: '', content: '' }), 400, 'VALIDATION_FAILED');
      const del = await call('DELETE', path, admin);
      expect([del.status, del.body]).toEqual([200, { message: 'Post deleted successfully!' }]);
      expectError(await call('DELETE', path, member), 404, 'POST_NOT_FOUND');
    });
  });

  describe('direct messages', () => {
    it('sends to an existing person and lists sent and received; 404 for nobody, 422 to oneself', async () => {
      const sent = await call<{ id: string; recipient_name: string }>('POST', '/messages', creator, {
        recipient_id: member.user.id,
        content: 'Hi Milo',
        context: 'qa',
      });
      expect([sent.status, sent.body.recipient_name]).toEqual([201, 'Milo Member']);
      const inbox = await call<Array<{ id: string; sender_name: string }>>('GET', '/messages', member);
      expect(inbox.body.find((m) => m.id === sent.body.id)?.sender_name).toBe('Cora Creator');
      expectError(await call('POST', '/messages', creator, { recipient_id: SAMPLE_ID, content: 'anyone?' }), 404, 'RECIPIENT_NOT_FOUND');
      expectError(await call('POST', '/messages', creator, { recipient_id: creator.user.id, content: 'me' }), 422, 'BUSINESS_RULE');
      expectError(await call('POST', '/messages', creator, { recipient_id: member.user.id, content: '' }), 400, 'VALIDATION_FAILED');
    });

    it('groups them into conversations with unread counts, opens the thread, and reads it (the sender sees read_at)', async () => {
      const first = await call<{ id: string }>('POST', '/messages', stranger, { recipient_id: member.user.id, content: 'Hello from Sam' });
      expect(first.status).toBe(201);
      const inbox = await call<{ conversations: Array<{ user_id: string; unread: number; last_message: { id: string } }>; unread: number }>(
        'GET',
        '/messages/conversations?limit=5',
        member,
      );
      expect(inbox.status).toBe(200);
      expect(inbox.body.conversations.find((c) => c.user_id === stranger.user.id)).toMatchObject({
        unread: 1,
        last_message: { id: first.body.id },
      });
      expect((await call('GET', '/messages/unread-count', member)).body).toEqual({ unread: inbox.body.unread });
      const thread = await call<{ user_name: string; messages: Array<{ id: string }>; has_older: boolean }>(
        'GET',
        `/messages/conversations/${stranger.user.id}`,
        member,
      );
      expect([thread.status, thread.body.user_name, thread.body.messages.map((m) => m.id), thread.body.has_older]).toEqual([
        200,
        'Sam Stranger',
        [first.body.id],
        false,
      ]);
      expect((await call('PUT', `/messages/conversations/${stranger.user.id}/read`, member)).body).toMatchObject({ marked: 1 });
      const seen = await call<{ messages: Array<{ read_at: string | null }> }>(
        'GET',
        `/messages/conversations/${member.user.id}`,
        stranger,
      );
      expect(seen.body.messages[0]!.read_at).not.toBeNull();
    });

    it('refuses a conversation with oneself (400), with nobody (404) and a malformed id or cursor (400), in the error shape', async () => {
      const self = expectError(await call('GET', `/messages/conversations/${member.user.id}`, member), 400, 'OWN_CONVERSATION');
      expect(self).toEqual({
        detail: 'You cannot have a conversation with yourself',
        code: 'OWN_CONVERSATION',
        errors: [{ path: 'userId', message: 'You cannot have a conversation with yourself' }],
      });
      expectError(await call('PUT', `/messages/conversations/${member.user.id}/read`, member), 400, 'OWN_CONVERSATION');
      const nobody = expectError(await call('GET', `/messages/conversations/${SAMPLE_ID}`, member), 404, 'CORRESPONDENT_NOT_FOUND');
      expect(nobody.detail).toBe('This person was not found');
      expectError(await call('PUT', `/messages/conversations/${SAMPLE_ID}/read`, member), 404, 'CORRESPONDENT_NOT_FOUND');
      expectError(await call('GET', '/messages/conversations/not-a-uuid', member), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', `/messages/conversations/${stranger.user.id}?before=nope`, member), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', '/messages/conversations?limit=0', member), 400, 'VALIDATION_FAILED');
    });
  });
});
