import { describe, expect, it, jest } from '@jest/globals';
import { levelProgress, type LeaderboardEntry } from '@lp/contracts';
import { achievementOf, boardRows, copyLink, leaderboardTabFrom, levelStep, platformDay, shareLink } from './logic';

const entry = (rank: number, id: string, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank,
  user_id: id,
  name: id,
  profile_image: null,
  level: 1,
  total_xp: 1000 - rank,
  current_streak: 0,
  badges: [],
  medal: null,
  is_me: false,
  ...extra,
});

describe('boardRows', () => {
  const top = [entry(1, 'a'), entry(2, 'b'), entry(3, 'c')];

  it('pins nothing when the caller is in the top rows or not on the board', () => {
    const me = { ...top[1]!, is_me: true };
    expect(boardRows({ entries: top, me, neighbours: [top[0]!, top[2]!] }).pinned).toEqual([]);
    expect(boardRows({ entries: top, me: null, neighbours: [] }).pinned).toEqual([]);
  });

  it('pins the caller with the neighbours in rank order, leaving out rows the top already shows', () => {
    const me = entry(5, 'me', { is_me: true });
    const pinned = boardRows({ entries: top, me, neighbours: [entry(7, 'g'), top[2]!, entry(4, 'd'), entry(6, 'f')] }).pinned;
    expect(pinned.map((e) => e.user_id)).toEqual(['d', 'me', 'f', 'g']);
  });

  it('puts the caller first among neighbours tied with them', () => {
    const me = entry(120, 'me', { is_me: true });
    const pinned = boardRows({ entries: top, me, neighbours: [entry(120, 'tied'), entry(119, 'above')] }).pinned;
    expect(pinned.map((e) => e.user_id)).toEqual(['above', 'me', 'tied']);
  });
});

describe('levelStep', () => {
  it('answers the XP into the level and what the level asks, from the contract curve', () => {
    // level 3 starts at 300 XP, level 4 at 600
    expect(levelStep({ total_xp: 420, level: levelProgress(420) })).toEqual({ into: 120, span: 300, percent: 40 });
    expect(levelStep({ total_xp: 0, level: levelProgress(0) })).toEqual({ into: 0, span: 100, percent: 0 });
  });

  it('has no next step at the top level', () => {
    expect(levelStep({ total_xp: 10_000_000, level: levelProgress(10_000_000) })).toBeNull();
  });
});

describe('leaderboardTabFrom', () => {
  it('opens the named tab, and this week for anything else', () => {
    expect(leaderboardTabFrom('league')).toBe('league');
    expect(leaderboardTabFrom('all')).toBe('all');
    expect(leaderboardTabFrom('year')).toBe('week');
    expect(leaderboardTabFrom(null)).toBe('week');
  });
});

describe('shareLink', () => {
  const data = { title: 'Join me', text: 'Learn with me', url: 'https://learn.example/?ref=ABCD2345' };

  it('uses the system share sheet when the browser has one', async () => {
    const share = jest.fn(async (_: ShareData) => undefined);
    const writeText = jest.fn(async (_: string) => undefined);
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet, or when the sheet is refused', async () => {
    const writeText = jest.fn(async (_: string) => undefined);
    expect(await shareLink(data, { clipboard: { writeText } })).toBe('copied');
    const refused = jest.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError');
    });
    expect(await shareLink(data, { share: refused, clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(writeText).toHaveBeenLastCalledWith(data.url);
  });

  it('does nothing more when the person closes the sheet', async () => {
    const writeText = jest.fn(async (_: string) => undefined);
    const closed = jest.fn(async () => {
      throw Object.assign(new Error('closed'), { name: 'AbortError' });
    });
    expect(await shareLink(data, { share: closed, clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says so when neither works', async () => {
    expect(await shareLink(data, {})).toBe('failed');
    expect(await copyLink(data.url, { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })).toBe(false);
  });
});

describe('achievementOf', () => {
  const user_id = '11111111-1111-4111-8111-111111111111';

  it('reads a level reached and a badge earned', () => {
    expect(
      achievementOf({
        event: 'gamification.level.reached',
        data: { v: 1, user_id, level: 4, total_xp: 610, reached_at: '2026-11-27T10:00:00.000Z' },
      }),
    ).toEqual({ kind: 'level', level: 4, totalXp: 610 });
    expect(
      achievementOf({
        event: 'gamification.badge.earned',
        data: { v: 1, user_id, badge_code: 'streak_7', badge_name: 'On Fire', icon: 'flame', earned_at: '2026-11-27T10:00:00.000Z' },
      }),
    ).toEqual({ kind: 'badge', name: 'On Fire', icon: 'flame' });
  });

  it('ignores other events and payloads off the contract', () => {
    expect(achievementOf({ event: 'gamification.level.reached', data: { level: 'four' } })).toBeNull();
    expect(achievementOf({ event: 'community.question.asked', data: { v: 1 } })).toBeNull();
  });
});

describe('platformDay', () => {
  it("names a board's days in the platform's time zone, whatever the viewer's", () => {
    // Monday 30 November 00:00 in Addis Ababa is Sunday 21:00 UTC
    expect(platformDay('2026-11-29T21:00:00.000Z', 'en')).toBe('Monday, November 30');
    expect(platformDay('2026-11-22T21:00:00.000Z', 'en')).toBe('Monday, November 23');
    // a week's end is the next week's first moment: its last day is the Sunday before
    expect(platformDay('2026-11-29T21:00:00.000Z', 'en', { endExclusive: true })).toBe('Sunday, November 29');
    expect(platformDay('not a date', 'en')).toBe('not a date');
  });
});
