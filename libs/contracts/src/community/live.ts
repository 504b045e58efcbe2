/**
 * The live feeds (community's, and gamification's feed of the caller's own achievements):
 * server-sent event streams the gateway serves beside the routes.
 * Declared once here; the gateway registers and fans out from LIVE_FEEDS, the SPA opens them
 * (fetch() streaming with its Authorization header: a token never goes into a URL), the docs
 * list them, and the NATS permissions let the gateway listen to exactly these events.
 *
 * On the wire: `retry: 3000` first, then a `: ready` comment once the stream is registered
 * (nothing sent before it can be missed after it), then per event
 * `event: <event name>\ndata: <the event's payload JSON>\n\n`, and a `: keep-alive` comment
 * every 25 s. Refusals (401, 403, 404, 429) come before the stream, as JSON in the error shape.
 * A stream ends when the caller's access token expires or membership is lost (re-checked
 * every minute): the client reconnects with a fresh token, and reloads the list it shows
 * (events of the gap are not replayed).
 */
import { z } from 'zod';
import { defineInternal } from '../common/bus-access.js';
import type { EventDef } from '../common/event.js';
import type { Guard } from '../common/route.js';
import { IdSchema } from '../common/ids.js';
import { communityEvents } from './events.js';
import { gamificationEvents } from '../gamification/events.js';

/** What community checks before a stream opens: the group's membership, or that the question exists. */
export const LIVE_ACCESS_SUBJECTS = ['study-group', 'question'] as const;
export type LiveAccessSubject = (typeof LIVE_ACCESS_SUBJECTS)[number];
/**
 * Who may follow a feed: a community access subject (asked over the bus), `self` (the feed of
 * the caller's own events: the key is the caller's id, checked by the gateway alone, so no
 * path id and no service to ask), or null (any signed-in user, every event).
 */
export type LiveAccess = LiveAccessSubject | 'self';

export interface LiveFeed {
  name: string;
  /** under /api, like the routes; `{id}` is the group or question (a `self` feed has none) */
  path: string;
  guard: Guard;
  summary: string;
  events: readonly EventDef[];
  /** the payload field that must equal `{id}` (for a `self` feed: the caller's own id); null: every event of the feed */
  key: string | null;
  /** a subject asked of community over the bus before the stream opens (and again every minute); `self`: the caller's own events; null: any signed-in user */
  access: LiveAccess | null;
}

const feed = (f: LiveFeed): LiveFeed => f;

export const LIVE_FEEDS = {
  studyGroup: feed({
    name: 'study-group',
    path: '/live/study-groups/{id}',
    guard: 'any',
    summary: 'New messages and Group Discussions posts of a study group, live (its members only; a suspended member still reads)',
    events: [communityEvents.messagePosted, communityEvents.forumPostCreated],
    key: 'group_id',
    access: 'study-group',
  }),
  question: feed({
    name: 'question',
    path: '/live/qa/questions/{id}',
    guard: 'any',
    summary: 'New answers to a Q&A question, live',
    events: [communityEvents.answerPosted],
    key: 'question_id',
    access: 'question',
  }),
  questions: feed({
    name: 'questions',
    path: '/live/qa',
    guard: 'any',
    summary: 'New Q&A questions, live (the /qa list)',
    events: [communityEvents.questionAsked],
    key: null,
    access: null,
  }),
  me: feed({
    name: 'me',
    path: '/live/me',
    guard: 'any',
    summary:
      "The caller's own news, live: a level reached, a badge earned (the SPA's toasts and header), a new notification (the bell), a direct message received and the caller's messages seen (/messages)",
    events: [
      gamificationEvents.levelReached,
      gamificationEvents.badgeEarned,
      gamificationEvents.notificationCreated,
      communityEvents.directMessageSent,
      communityEvents.directMessagesRead,
    ],
    key: 'user_id',
    access: 'self',
  }),
} as const;

export const ALL_LIVE_FEEDS: readonly LiveFeed[] = Object.values(LIVE_FEEDS);

/** Every event some live feed forwards: the gateway subscribes to these and no others. */
export const LIVE_EVENTS: readonly EventDef[] = [...new Map(ALL_LIVE_FEEDS.flatMap((f) => f.events).map((e) => [e.name, e])).values()];

export const LIVE_STREAM = {
  /** the client waits this long before reconnecting (the `retry:` field) */
  retryMs: 3000,
  keepAliveMs: 25_000,
  /** open streams per user on one gateway; one more is refused with 429 */
  maxPerUser: 20,
  /** how often an open stream re-checks the session and the access it was opened with */
  recheckMs: 60_000,
} as const;

export const LiveAccessRequest = z.object({ subject: z.enum(LIVE_ACCESS_SUBJECTS), id: IdSchema, user_id: z.string() });
export const LiveAccessReply = z.object({ allowed: z.literal(true) });

/** Bus only: the gateway asks before opening (and while keeping) a stream; a refusal is the error to answer. */
export const communityLiveInternal = {
  access: defineInternal({ subject: 'community.live.access', request: LiveAccessRequest, response: LiveAccessReply, callers: ['gateway'] }),
} as const;
