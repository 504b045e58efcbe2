import { describe, expect, it } from '@jest/globals';
import { LIVE_FEEDS, type LiveFeed } from '@lp/contracts';
import { LiveHub, MAX_UNSENT_BYTES, type LiveClient } from './live-hub.js';

const FEEDS: LiveFeed[] = Object.values(LIVE_FEEDS);
const GROUP_A = '11111111-1111-4111-8111-111111111111';
const GROUP_B = '22222222-2222-4222-8222-222222222222';
const QUESTION = '33333333-3333-4333-8333-333333333333';

class FakeClient implements LiveClient {
  frames: string[] = [];
  ended = false;
  unsent = 0;
  constructor(readonly userId: string) {}
  write(frame: string): number {
    this.frames.push(frame);
    return this.unsent;
  }
  end(): void {
    this.ended = true;
  }
}

const message = (groupId: string) => ({
  v: 1,
  message_id: 'm1',
  group_id: groupId,
  author_id: 'u9',
  author_name: 'Ann',
  content: 'hi',
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('LiveHub', () => {
  it("delivers a group's message to that group's streams only, framed once with its event name", () => {
    const hub = new LiveHub(FEEDS, 20);
    const a1 = new FakeClient('u1');
    const a2 = new FakeClient('u2');
    const b = new FakeClient('u3');
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, a1);
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, a2);
    hub.add(LIVE_FEEDS.studyGroup, GROUP_B, b);
    expect(hub.dispatch('community.message.posted', message(GROUP_A))).toBe(2);
    expect(a1.frames).toEqual([`event: community.message.posted\ndata: ${JSON.stringify(message(GROUP_A))}\n\n`]);
    expect(a2.frames).toEqual(a1.frames);
    expect(b.frames).toEqual([]);
  });

  it("delivers a user's own level and badge events to that user's streams only, every tab of theirs", () => {
    const hub = new LiveHub(FEEDS, 20);
    const tab1 = new FakeClient('u1');
    const tab2 = new FakeClient('u1');
    const someoneElse = new FakeClient('u2');
    hub.add(LIVE_FEEDS.me, 'u1', tab1);
    hub.add(LIVE_FEEDS.me, 'u1', tab2);
    hub.add(LIVE_FEEDS.me, 'u2', someoneElse);
    const level = { v: 1, user_id: 'u1', level: 4, total_xp: 610, reached_at: '2026-01-01T00:00:00.000Z' };
    expect(hub.dispatch('gamification.level.reached', level)).toBe(2);
    expect(hub.dispatch('gamification.badge.earned', { user_id: 'u3', badge_code: 'b' })).toBe(0);
    // an event without the key reaches nobody rather than everybody
    expect(hub.dispatch('gamification.badge.earned', { badge_code: 'b' })).toBe(0);
    expect(tab1.frames).toEqual([`event: gamification.level.reached\ndata: ${JSON.stringify(level)}\n\n`]);
    expect(tab2.frames).toEqual(tab1.frames);
    expect(someoneElse.frames).toEqual([]);
  });

  it('routes each event to its feed: forum posts to the group, answers to the question, questions to the /qa list', () => {
    const hub = new LiveHub(FEEDS, 20);
    const group = new FakeClient('u1');
    const question = new FakeClient('u1');
    const list = new FakeClient('u2');
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, group);
    hub.add(LIVE_FEEDS.question, QUESTION, question);
    hub.add(LIVE_FEEDS.questions, null, list);
    hub.dispatch('community.forum-post.created', { group_id: GROUP_A, post_id: 'p' });
    hub.dispatch('community.answer.posted', { question_id: QUESTION, answer_id: 'a' });
    hub.dispatch('community.answer.posted', { question_id: GROUP_B, answer_id: 'other' });
    hub.dispatch('community.question.asked', { question_id: 'q2' });
    hub.dispatch('community.group.joined', { group_id: GROUP_A });
    expect(group.frames.map((f) => f.split('\n')[0])).toEqual(['event: community.forum-post.created']);
    expect(question.frames).toEqual([`event: community.answer.posted\ndata: {"question_id":"${QUESTION}","answer_id":"a"}\n\n`]);
    expect(list.frames.map((f) => f.split('\n')[0])).toEqual(['event: community.question.asked']);
  });

  it('stops delivering once a stream is removed, and forgets empty groups', () => {
    const hub = new LiveHub(FEEDS, 20);
    const c = new FakeClient('u1');
    const remove = hub.add(LIVE_FEEDS.studyGroup, GROUP_A, c);
    expect(hub.count()).toBe(1);
    remove();
    remove();
    expect(hub.count()).toBe(0);
    expect(hub.dispatch('community.message.posted', message(GROUP_A))).toBe(0);
    expect(c.frames).toEqual([]);
  });

  it('ends a stream whose reader stopped reading', () => {
    const hub = new LiveHub(FEEDS, 20);
    const stalled = new FakeClient('u1');
    stalled.unsent = MAX_UNSENT_BYTES + 1;
    const fine = new FakeClient('u2');
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, stalled);
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, fine);
    expect(hub.dispatch('community.message.posted', message(GROUP_A))).toBe(1);
    expect(stalled.ended).toBe(true);
    expect(fine.ended).toBe(false);
  });

  it("caps each user's open streams and gives a place back once", () => {
    const hub = new LiveHub(FEEDS, 2);
    const r1 = hub.reserve('u1');
    hub.reserve('u1');
    expect(() => hub.reserve('u1')).toThrow(expect.objectContaining({ status: 429, code: 'TOO_MANY_LIVE_STREAMS' }));
    expect(() => hub.reserve('u2')).not.toThrow();
    r1();
    r1();
    expect(hub.count('u1')).toBe(1);
    expect(() => hub.reserve('u1')).not.toThrow();
    expect(() => hub.reserve('u1')).toThrow(expect.objectContaining({ status: 429 }));
  });

  it('ignores events without the key or that no feed forwards', () => {
    const hub = new LiveHub(FEEDS, 20);
    const c = new FakeClient('u1');
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, c);
    expect(hub.dispatch('community.message.posted', { group_id: 42 })).toBe(0);
    expect(hub.dispatch('community.message.posted', null)).toBe(0);
    expect(hub.dispatch('billing.payment.completed', { group_id: GROUP_A })).toBe(0);
    expect(c.frames).toEqual([]);
  });

  it('ends every stream on shutdown', () => {
    const hub = new LiveHub(FEEDS, 20);
    const clients = [new FakeClient('u1'), new FakeClient('u2')];
    hub.add(LIVE_FEEDS.studyGroup, GROUP_A, clients[0]!);
    hub.add(LIVE_FEEDS.questions, null, clients[1]!);
    hub.endAll();
    expect(clients.every((c) => c.ended)).toBe(true);
  });
});
