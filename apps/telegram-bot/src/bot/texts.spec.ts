import { describe, expect, it } from '@jest/globals';
import { AppError, formatWallTime } from '@lp/contracts';
import { commandMenu, linkRefusal } from './commands.js';
import { textsFor } from './texts.js';

const en = textsFor('en');

describe('the bot texts', () => {
  it('answers in English for an English or unknown language', () => {
    expect(textsFor('en-GB')).toBe(en);
    expect(textsFor('am')).toBe(en);
    expect(textsFor(undefined)).toBe(en);
  });
  it('names each refusal of a link code', () => {
    const refusal = (code: string) => linkRefusal(en, new AppError(422, code, 'x'));
    expect(refusal('LINK_CODE_EXPIRED')).toBe(en.expiredCode);
    expect(refusal('LINK_CODE_USED')).toBe(en.usedCode);
    expect(refusal('INVALID_LINK_CODE')).toBe(en.unknownCode);
    expect(refusal('TELEGRAM_ALREADY_LINKED')).toBe(en.telegramTaken);
    expect(refusal('ACCOUNT_ALREADY_LINKED')).toBe(en.accountTaken);
    // anything else is not the person's doing: the bot says it is unavailable instead
    expect(refusal('SERVICE_UNAVAILABLE')).toBeNull();
    expect(linkRefusal(en, new Error('boom'))).toBeNull();
  });
  it('shows progress rounded, and a completed course as completed', () => {
    expect(
      en.courses([
        { title: 'React', progress: 42.6, completed: false },
        { title: 'SQL', progress: 100, completed: true },
      ]),
    ).toBe('Your courses:\n• React: 43% done\n• SQL: completed');
  });
  it('writes times in the user’s time zone', () => {
    const at = new Date('2026-12-07T11:30:00Z');
    expect(formatWallTime(at, 'Africa/Addis_Ababa')).toBe('Mon 7 Dec, 14:30');
    expect(formatWallTime(at, 'UTC')).toBe('Mon 7 Dec, 11:30');
  });
  it('puts the user’s own rank under the top five', () => {
    const top = [1, 2, 3, 4, 5].map((rank) => ({ rank, name: `P${rank}`, xp: 600 - rank * 100, isMe: false }));
    expect(en.leaderboard(top, { rank: 9, name: 'Me', xp: 40, isMe: true })).toBe(
      "This week's top learners:\n1. P1: 500 XP\n2. P2: 400 XP\n3. P3: 300 XP\n4. P4: 200 XP\n5. P5: 100 XP\n\nYou are #9 with 40 XP.",
    );
    expect(en.leaderboard([], null)).toBe('Nobody has earned XP this week yet. Be the first!');
  });
  it('grades a practice answer with the explanation when the question has one', () => {
    expect(en.quizCorrect('2 + 2?', '4', '')).toBe('2 + 2?\n\nYour answer: 4\nCorrect!');
    expect(en.quizWrong('2 + 2?', '3', '4', 'Count on from 2.')).toBe(
      '2 + 2?\n\nYour answer: 3\nNot quite. The right answer: 4\n\nCount on from 2.',
    );
  });
  it('has a menu entry for every command', () => {
    expect(commandMenu().map((c) => c.command)).toEqual([
      'start',
      'courses',
      'deadlines',
      'quiz',
      'leaderboard',
      'settings',
      'unlink',
      'help',
    ]);
  });
});
