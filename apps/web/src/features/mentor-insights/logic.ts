import {
  MenteeProgressRequest,
  RESOURCE_TYPES,
  ResourceCreateRequest,
  SessionNotesRequest,
  TIMEFRAMES,
  type MentoringSession,
  type SessionStatus,
  type Timeframe,
} from '@lp/contracts';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
// the pure module is read by the unit tests, which load no .tsx (ui/form's index brings components)
import { formSchemaOf } from '../../ui/form/form-schema';

/**
 * The mentor dashboard's pure rules (spec 2.13): what a session card offers, the comma-separated
 * fields of the progress modal, editable lists with "add more", grouping of resources and the
 * figures' labels. Everything here is unit-tested in logic.spec.ts.
 */

// ---------- timeframe ----------

/** The spec's selector: Last 7 Days, Last 30 Days (default), Last 90 Days, Last Year. */
export const TIMEFRAME_OPTIONS = TIMEFRAMES;
export const DEFAULT_TIMEFRAME: Timeframe = '30days';
export function timeframeOf(value: string): Timeframe {
  return (TIMEFRAMES as readonly string[]).includes(value) ? (value as Timeframe) : DEFAULT_TIMEFRAME;
}

// ---------- sessions ----------

export const isUpcomingStatus = (status: SessionStatus): boolean => status === 'scheduled' || status === 'confirmed';

type SessionView = Pick<MentoringSession, 'status' | 'meeting_link' | 'scheduled_at'>;

/**
 * Join Session: open (the meeting link) only for a confirmed session with a link; otherwise the
 * reason it is disabled.
 */
export type JoinState = 'open' | 'unpaid' | 'no-link';
export function joinState(s: SessionView): JoinState {
  if (s.status === 'confirmed' && s.meeting_link) return 'open';
  return s.status === 'scheduled' ? 'unpaid' : 'no-link';
}

/** Mark no-show: a confirmed session whose start has passed (the server's rule). */
export const canMarkNoShow = (s: SessionView, now: Date = new Date()): boolean =>
  s.status === 'confirmed' && Date.parse(s.scheduled_at) <= now.getTime();

/** Cancel: an upcoming session that has not started. */
export const canCancelAsMentor = (s: SessionView, now: Date = new Date()): boolean =>
  isUpcomingStatus(s.status) && Date.parse(s.scheduled_at) > now.getTime();

/** A session's date and time in the viewer's zone; time is null (shown as TBD) when the instant is unreadable. */
export function sessionWhen(
  iso: string | null | undefined,
  locale: string,
  timeZone: string,
): { date: string | null; time: string | null } {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return { date: null, time: null };
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(at),
  };
}

/** The sessions of one mentee (View History), latest first. */
export function sessionsOfMentee(sessions: readonly MentoringSession[], menteeId: string): MentoringSession[] {
  return sessions.filter((s) => s.mentee_id === menteeId).sort((a, b) => Date.parse(b.scheduled_at) - Date.parse(a.scheduled_at));
}

// ---------- lists and comma-separated text ----------

/** "a, b,, c " -> ["a", "b", "c"]: trimmed, blanks dropped, duplicates once (first kept). */
export function splitCommaList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item && !seen.has(item)) {
      seen.add(item);
      out.push(item);
    }
  }
  return out;
}

/** A list shown back as comma-separated text. */
export const joinCommaList = (items: readonly string[]): string => items.join(', ');

/** The rows of an editable list ("add more"): the filled ones, trimmed. */
export const filledRows = (rows: readonly string[]): string[] => rows.map((r) => r.trim()).filter((r) => r.length > 0);

/** An editable list starts with its items, or one empty row to type into. */
export const rowsOrBlank = (items: readonly string[] | undefined): string[] => (items && items.length > 0 ? [...items] : ['']);

// ---------- resources ----------

export type ResourceType = (typeof RESOURCE_TYPES)[number];
/** The spec's four sections, in its order, with the answer's field of each. */
export const RESOURCE_SECTIONS = [
  { type: 'document', field: 'documents' },
  { type: 'video', field: 'videos' },
  { type: 'tool', field: 'tools' },
  { type: 'template', field: 'templates' },
] as const satisfies readonly { type: ResourceType; field: string }[];

export interface SharedResourceRow {
  name: string;
  url: string;
  type: ResourceType;
}
/** The resources-shared rows worth sending: a row with neither name nor link is dropped. */
export const filledResourceRows = (rows: readonly SharedResourceRow[]): SharedResourceRow[] =>
  rows.map((r) => ({ ...r, name: r.name.trim(), url: r.url.trim() })).filter((r) => r.name || r.url);

// ---------- figures ----------

/** "14:00" for a start hour (0-23). */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** "monday" or "Monday" -> "Monday". */
export const dayLabel = (day: string): string => (day ? day.charAt(0).toUpperCase() + day.slice(1).toLowerCase() : day);

export type Priority = 'High' | 'Medium' | 'Low';
export const PRIORITY_TONES: Record<Priority, 'danger' | 'warning' | 'neutral'> = { High: 'danger', Medium: 'warning', Low: 'neutral' };

// ---------- server field errors ----------

/** A 404 answer: for the notes of a session, "none yet". */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

// ---------- chart rows ----------

export interface SeriesPoint {
  period_start: string;
  completed: number;
  cancelled: number;
  revenue_minor: number;
  avg_rating: number | null;
}

/** "Mar 2" per week, "Mar 2026" per month (a year's window, whose periods are "2026-03"). */
export function periodLabel(periodStart: string, timeframe: Timeframe, locale = 'en'): string {
  // "YYYY-MM-DD" (a week) or "YYYY-MM" (a month)
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(periodStart);
  if (!match) return periodStart;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? '1')));
  const options: Intl.DateTimeFormatOptions =
    timeframe === '1year' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(d);
}

/** The analytics series as chart rows (key, label and the values). */
export function seriesRows(series: readonly SeriesPoint[], timeframe: Timeframe, locale = 'en') {
  return series.map((p) => ({
    key: p.period_start,
    label: periodLabel(p.period_start, timeframe, locale),
    completed: p.completed,
    cancelled: p.cancelled,
    revenue_minor: p.revenue_minor,
  }));
}

export const BREAKDOWN_KEYS = ['completed', 'cancelled', 'noShow', 'upcoming'] as const;
export type BreakdownKey = (typeof BREAKDOWN_KEYS)[number];

/** The session breakdown as bar rows, in the spec's order (completed, cancelled, no show, upcoming). */
export function breakdownRows(
  b: { completed: number; cancelled: number; no_show: number; upcoming: number },
  label: (key: BreakdownKey) => string,
): { key: BreakdownKey; label: string; sessions: number }[] {
  const value: Record<BreakdownKey, number> = { completed: b.completed, cancelled: b.cancelled, noShow: b.no_show, upcoming: b.upcoming };
  return BREAKDOWN_KEYS.map((key) => ({ key, label: label(key), sessions: value[key] }));
}

/** Chart rows of counts by hour ("14:00") or by day ("Monday"). */
export const hourRows = (rows: readonly { hour: number; bookings: number }[]) =>
  [...rows].sort((a, b) => a.hour - b.hour).map((r) => ({ key: String(r.hour), label: hourLabel(r.hour), bookings: r.bookings }));
export const dayRows = (rows: readonly { day: string; bookings: number }[]) =>
  rows.map((r) => ({ key: r.day, label: dayLabel(r.day), bookings: r.bookings }));

// ---------- the Add Resource form ----------

export interface ResourceFormValues {
  title: string;
  description: string;
  resource_type: ResourceType;
  url: string;
  content: string;
  tags: string;
  is_public: boolean;
}

/** The request of the Add Resource form: tags split at commas, an empty link left out. */
export function resourceRequest(values: ResourceFormValues): z.input<typeof ResourceCreateRequest> {
  return {
    title: values.title,
    description: values.description,
    resource_type: values.resource_type,
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
    content: values.content,
    tags: splitCommaList(values.tags),
    is_public: values.is_public,
  };
}

/** The Add Resource form: what its boxes hold, read into the contract's request (which checks it). */
export const ResourceFormSchema = formSchemaOf(resourceRequest, ResourceCreateRequest);

// ---------- the Add Notes form ----------

export interface NotesFormValues {
  notes: string;
  action_items: string[];
  next_session_goals: string[];
  mentee_progress: string;
  resources_shared: SharedResourceRow[];
}

/** The Add Notes form: the filled rows of its lists, read into the contract's request. */
export const NotesFormSchema = formSchemaOf(
  (v: NotesFormValues): z.input<typeof SessionNotesRequest> => ({
    notes: v.notes,
    action_items: filledRows(v.action_items),
    next_session_goals: v.next_session_goals,
    mentee_progress: v.mentee_progress,
    resources_shared: filledResourceRows(v.resources_shared),
  }),
  SessionNotesRequest,
);

// ---------- the Update Progress form ----------

export interface ProgressFormValues {
  goals: string[];
  progress_notes: string;
  /** comma-separated, as the spec's modal takes them */
  skills_developed: string;
  areas_for_improvement: string;
  next_milestones: string[];
}

/** The Update Progress form: lists' filled rows and the comma-separated boxes split, read into the contract's request. */
export const ProgressFormSchema = formSchemaOf(
  (v: ProgressFormValues): z.input<typeof MenteeProgressRequest> => ({
    goals: filledRows(v.goals),
    progress_notes: v.progress_notes,
    skills_developed: splitCommaList(v.skills_developed),
    areas_for_improvement: splitCommaList(v.areas_for_improvement),
    next_milestones: filledRows(v.next_milestones),
  }),
  MenteeProgressRequest,
);

// ---------- what a failed save says ----------

/** The first message at or under a form field: a list's own error, or one of its items'. */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, inner] of Object.entries(error)) {
    // react-hook-form keeps the field's element under ref
    if (key === 'ref') continue;
    const message = firstMessage(inner);
    if (message) return message;
  }
  return undefined;
}

/** A list's own error (too many items), not one of its items'. */
export const ownMessage = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
