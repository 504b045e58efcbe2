import { formatWallTime } from '@lp/contracts';

/**
 * Everything the bot says, per language. Identity keeps no language setting and the SPA has
 * English texts only, so English is the one language; a language Telegram reports that has no
 * texts here falls back to it (textsFor).
 */

export interface CourseLine {
  title: string;
  progress: number;
  completed: boolean;
}

export interface DeadlineLine {
  kind: 'assignment' | 'session';
  title: string;
  at: Date;
  /** assignments: the course; sessions: the other person */
  context: string;
}

export interface BoardLine {
  rank: number;
  name: string;
  xp: number;
  isMe: boolean;
}

export const COMMANDS = ['start', 'courses', 'deadlines', 'quiz', 'leaderboard', 'settings', 'unlink', 'help'] as const;
export type Command = (typeof COMMANDS)[number];

const en = {
  commandDescriptions: {
    start: 'Link your LearnHub account: /start <code>',
    courses: 'My courses and progress',
    deadlines: 'Next assignments and mentoring sessions',
    quiz: 'One practice question',
    leaderboard: "This week's top learners",
    settings: 'Telegram notifications on or off',
    unlink: 'Unlink this Telegram account',
    help: 'What I can do',
  } satisfies Record<Command, string>,
  welcome: (name: string | null) =>
    `Welcome to LearnHub${name ? `, ${name}` : ''}!\n\nTo link your account, open your Profile on LearnHub, choose "Generate code" under Telegram Integration and send me:\n/start <code>`,
  welcomeLinked: (name: string) => `Welcome back, ${name}! Your LearnHub account is linked.\n\nSend /help to see what I can do.`,
  linked: (name: string) =>
    `Done: this Telegram account is now linked to ${name}'s LearnHub account. You will get your notifications here.\n\nSend /help to see what I can do.`,
  unknownCode: 'I do not know this code. Check it on your Profile, or generate a new one there, then send /start <code> again.',
  expiredCode: 'This code has expired (a code is valid for 5 minutes). Generate a new one on your Profile and send /start <code> again.',
  usedCode: 'This code was already used. Generate a new one on your Profile and send /start <code> again.',
  telegramTaken:
    'This Telegram account is already linked to another LearnHub account. Send /unlink first if you want to link it to this one.',
  accountTaken:
    'That LearnHub account is already linked to another Telegram account. Unlink it on your Profile first, then generate a new code.',
  notLinked:
    'This Telegram account is not linked to LearnHub yet. Open your Profile on LearnHub, generate a code and send me /start <code>.',
  unlinked: 'This Telegram account is no longer linked to LearnHub. You will get no more notifications here.',
  help: (linked: boolean) =>
    [
      'Here is what I can do:',
      ...COMMANDS.map((c) => `/${c} - ${en.commandDescriptions[c]}`),
      ...(linked ? [] : ['', 'Link your account first: generate a code on your Profile and send /start <code>.']),
    ].join('\n'),
  unknownCommand: (help: string) => `Sorry, I do not know that command.\n\n${help}`,
  unavailable: 'LearnHub is not available right now. Please try again in a moment.',
  noCourses: 'You are not enrolled in any course yet. Find one in the LearnHub catalog.',
  courses: (lines: CourseLine[]) =>
    ['Your courses:', ...lines.map((c) => `• ${c.title}: ${c.completed ? 'completed' : `${Math.round(c.progress)}% done`}`)].join('\n'),
  noDeadlines: 'Nothing due: no open assignments and no upcoming mentoring sessions.',
  deadlines: (lines: DeadlineLine[], timeZone: string) =>
    [
      `Coming up (times in ${timeZone}):`,
      ...lines.map((d) =>
        d.kind === 'assignment'
          ? `• ${formatWallTime(d.at, timeZone)}: assignment "${d.title}" due (${d.context})`
          : `• ${formatWallTime(d.at, timeZone)}: mentoring session "${d.title}" with ${d.context}`,
      ),
    ].join('\n'),
  leaderboard: (top: BoardLine[], me: BoardLine | null) =>
    top.length
      ? [
          "This week's top learners:",
          ...top.map((l) => `${l.rank}. ${l.name}${l.isMe ? ' (you)' : ''}: ${l.xp} XP`),
          '',
          me
            ? me.rank <= top.length && top.some((l) => l.isMe)
              ? `You are #${me.rank}.`
              : `You are #${me.rank} with ${me.xp} XP.`
            : 'You have no XP this week yet.',
        ].join('\n')
      : 'Nobody has earned XP this week yet. Be the first!',
  settings: (on: boolean) => `Telegram notifications are ${on ? 'on' : 'off'}.`,
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  settingsSaved: (on: boolean) =>
    on
      ? 'Telegram notifications are on. You will get your notifications here.'
      : 'Telegram notifications are off. I will not send you notifications.',
  noQuiz: 'There is no practice question for your courses right now.',
  quizQuestion: (course: string, quiz: string, question: string) => `Practice question (${course}, ${quiz}):\n\n${question}`,
  quizCorrect: (question: string, answer: string, explanation: string) =>
    `${question}\n\nYour answer: ${answer}\nCorrect!${explanation ? `\n\n${explanation}` : ''}`,
  quizWrong: (question: string, answer: string, correct: string | null, explanation: string) =>
    `${question}\n\nYour answer: ${answer}\nNot quite.${correct ? ` The right answer: ${correct}` : ''}${explanation ? `\n\n${explanation}` : ''}`,
  quizGone: 'This question is no longer open. Send /quiz for a new one.',
  pressed: 'Saved',
};

export type Texts = typeof en;

const LANGUAGES: Record<string, Texts> = { en };

/** The texts for a Telegram language code ("en", "en-GB", "am"...), English when there are none. */
export function textsFor(languageCode: string | undefined | null): Texts {
  const lang = (languageCode ?? '').toLowerCase().split('-')[0] ?? '';
  return LANGUAGES[lang] ?? en;
}
