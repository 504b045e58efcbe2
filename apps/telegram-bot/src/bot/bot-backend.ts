import type { z } from 'zod';
import { assessmentInternal, catalogInternal, gamificationInternal, identityInternal, mentoringInternal } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import type { BoardLine, CourseLine, DeadlineLine } from './texts.js';

export type LinkedUser = NonNullable<z.infer<typeof identityInternal.telegramLinkedUser.response>>;

/**
 * What the commands ask of the platform: only bus-only subjects that name the bot as their
 * caller (libs/contracts), answered by the owning services. The bot holds no caller-signing
 * key, so it cannot call a route as a user; its NATS credentials are its boundary.
 */
export interface BotBackend {
  confirmLink(telegramUserId: string, code: string, username: string | null): Promise<void>;
  linkedUser(telegramUserId: string): Promise<LinkedUser | null>;
  unlink(telegramUserId: string): Promise<void>;
  courses(user: LinkedUser): Promise<CourseLine[]>;
  leaderboard(user: LinkedUser): Promise<{ top: BoardLine[]; me: BoardLine | null }>;
  deadlines(user: LinkedUser): Promise<DeadlineLine[]>;
  /** the zone the user's times are told in */
  timeZone(user: LinkedUser): Promise<string>;
  /** the user's Telegram notifications switch, set when `on` is given; answers it as it is now */
  telegramSwitch(user: LinkedUser, on?: boolean): Promise<boolean>;
  question(user: LinkedUser): Promise<z.infer<typeof assessmentInternal.botQuestion.response>>;
  answer(user: LinkedUser, questionId: string, option: number): Promise<z.infer<typeof assessmentInternal.botAnswer.response>>;
}

/** how many lines /deadlines shows: assignments and sessions together, soonest first */
export const DEADLINES_SHOWN = 5;

const reader = (u: LinkedUser) => ({ user_id: u.user_id });

export class RpcBotBackend implements BotBackend {
  constructor(private readonly rpc: RpcClient) {}

  private call<Req extends z.ZodType, Res extends z.ZodType>(
    def: { subject: string; request: Req; response: Res },
    payload: z.input<Req>,
  ): Promise<z.infer<Res>> {
    return this.rpc.request<z.infer<Res>>(def.subject, payload);
  }

  async confirmLink(telegramUserId: string, code: string, username: string | null): Promise<void> {
    await this.call(identityInternal.telegramConfirmLink, { code, telegram_user_id: telegramUserId, telegram_username: username });
  }

  linkedUser(telegramUserId: string): Promise<LinkedUser | null> {
    return this.call(identityInternal.telegramLinkedUser, { telegram_user_id: telegramUserId });
  }

  async unlink(telegramUserId: string): Promise<void> {
    await this.call(identityInternal.telegramUnlinkFromBot, { telegram_user_id: telegramUserId });
  }

  async courses(user: LinkedUser): Promise<CourseLine[]> {
    const rows = await this.call(catalogInternal.botCourses, reader(user));
    return rows.map((r) => ({ title: r.title, progress: r.progress_percentage, completed: r.completed_at !== null }));
  }

  async deadlines(user: LinkedUser): Promise<DeadlineLine[]> {
    const [assignments, sessions] = await Promise.all([
      this.call(assessmentInternal.botDeadlines, reader(user)),
      this.call(mentoringInternal.botSessions, reader(user)),
    ]);
    const lines: DeadlineLine[] = [
      ...assignments.map((a) => ({ kind: 'assignment' as const, title: a.title, at: new Date(a.due_date), context: a.course_title ?? '' })),
      ...sessions.sessions.map((s) => ({
        kind: 'session' as const,
        title: s.title,
        at: new Date(s.scheduled_at),
        context: s.mentee_id === user.user_id ? s.mentor_name : s.mentee_name,
      })),
    ];
    return lines.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, DEADLINES_SHOWN);
  }

  async timeZone(user: LinkedUser): Promise<string> {
    return (await this.call(gamificationInternal.botTimeZone, reader(user))).time_zone;
  }

  question(user: LinkedUser): Promise<z.infer<typeof assessmentInternal.botQuestion.response>> {
    return this.call(assessmentInternal.botQuestion, reader(user));
  }

  answer(user: LinkedUser, questionId: string, option: number): Promise<z.infer<typeof assessmentInternal.botAnswer.response>> {
    return this.call(assessmentInternal.botAnswer, { ...reader(user), question_id: questionId, option });
  }

  async telegramSwitch(user: LinkedUser, on?: boolean): Promise<boolean> {
    const r = await this.call(gamificationInternal.botTelegramSwitch, { ...reader(user), ...(on === undefined ? {} : { on }) });
    return r.on;
  }

  async leaderboard(user: LinkedUser): Promise<{ top: BoardLine[]; me: BoardLine | null }> {
    const board = await this.call(gamificationInternal.botLeaderboard, reader(user));
    const line = (e: (typeof board.top)[number]): BoardLine => ({ rank: e.rank, name: e.name, xp: e.total_xp, isMe: e.is_me });
    return { top: board.top.map(line), me: board.me ? line(board.me) : null };
  }
}

export type { BoardLine, CourseLine, DeadlineLine };
