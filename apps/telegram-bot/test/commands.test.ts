import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { assessmentInternal, assessmentRoutes, catalogRoutes, gamificationInternal, gamificationRoutes } from '@lp/contracts';
import { callInternal } from '@lp/testing';
import { CatalogModule } from '../../catalog/src/app.module.js';
import { GamificationModule } from '../../gamification/src/app.module.js';
import { AssessmentModule } from '../../assessment/src/app.module.js';
import { MentoringModule } from '../../mentoring/src/app.module.js';
import type { DoubleUser } from '../src/dev/bot-api-double.js';
import { BotHarness, type Account } from './support/bot-harness.js';

jest.setTimeout(90_000);

let h: BotHarness;
beforeAll(async () => {
  h = await BotHarness.start({
    catalog: (env) => CatalogModule.create(env),
    gamification: (env) => GamificationModule.create(env),
    assessment: (env) => AssessmentModule.create(env),
    mentoring: (env) => MentoringModule.create(env),
  });
});
afterAll(async () => {
  await h?.stop();
});

/** Retries while identity's registration event is on its way to the service's read model. */
async function eventually<T>(run: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await run();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function courseWithLessons(owner: Account, title: string, lessons: number) {
  const course = await eventually(() =>
    h.call(
      catalogRoutes.createCourse,
      { body: { title, description: 'A course for the bot', price: 0, is_published: true } },
      owner.caller,
    ),
  );
  const ids: string[] = [];
  for (let i = 0; i < lessons; i++) {
    const l = await h.call(
      catalogRoutes.createLesson,
      { params: { id: course.id }, body: { title: `Lesson ${i + 1}`, content: 'Text' } },
      owner.caller,
    );
    ids.push(l.id);
  }
  return { id: course.id, lessons: ids };
}

/**
 * Linked, with Telegram notifications switched off: what the user does here (enroll, level up)
 * notifies them on Telegram by day, and a notification arriving between a command and its reply
 * would be taken for the reply. notifications.test.ts is where they are proved.
 */
async function linkedQuietly(a: Account): Promise<DoubleUser> {
  const tg = await h.linked(a);
  await eventually(async () => {
    const r = await callInternal(h.client, gamificationInternal.botTelegramSwitch, { user_id: a.userId, on: false });
    if (!r.linked) throw new Error('gamification has not heard of the link yet');
  });
  return tg;
}

describe('/courses', () => {
  it('lists the enrolled courses with their progress; none: says so', async () => {
    const teacher = await h.register('Tess Teacher', 'instructor');
    const ada = await h.register('Ada Lovelace');
    const tg = await linkedQuietly(ada);
    expect((await h.say(tg, '/courses')).text).toBe('You are not enrolled in any course yet. Find one in the LearnHub catalog.');

    const title = `React ${randomUUID().slice(0, 4)}`;
    const react = await courseWithLessons(teacher, title, 4);
    await eventually(() => h.call(catalogRoutes.enroll, { params: { id: react.id } }, ada.caller));
    await h.call(catalogRoutes.completeLesson, { params: { id: react.lessons[0]! }, body: { time_spent_minutes: 5 } }, ada.caller);
    const reply = await h.say(tg, '/courses');
    expect(reply.text).toBe(`Your courses:\n• ${title}: 25% done`);
  });

  it('asks a Telegram user who is not linked to link first', async () => {
    expect((await h.say(h.telegramUser(), '/courses')).text).toBe(
      'This Telegram account is not linked to LearnHub yet. Open your Profile on LearnHub, generate a code and send me /start <code>.',
    );
  });
});

describe('/leaderboard', () => {
  it("shows this week's top 5 and the user's own rank below them", async () => {
    const people: Account[] = [];
    for (let i = 0; i < 6; i++) people.push(await h.register(`Learner ${i + 1}`));
    const me = people[5]!;
    const tg = await linkedQuietly(me);
    const now = new Date().toISOString();
    // XP as the demo seed gives it, through the one award path: people 1..5 above "me"
    for (const [i, p] of people.entries()) {
      await eventually(() =>
        callInternal(h.client, gamificationInternal.seedXp, {
          user_id: p.userId,
          awards: Array.from({ length: 6 - i }, (_, n) => ({
            rule_code: 'lesson_completed',
            source_id: `seed:bot-${p.userId}-${n}`,
            source_key: `lesson-${p.userId}-${n}`,
            occurred_at: now,
          })),
        }),
      );
    }
    const reply = (await h.say(tg, '/leaderboard')).text;
    const lines = reply.split('\n');
    expect(lines[0]).toBe("This week's top learners:");
    expect(lines.slice(1, 6).map((l) => l.replace(/: \d+ XP$/, ''))).toEqual([
      '1. Learner 1',
      '2. Learner 2',
      '3. Learner 3',
      '4. Learner 4',
      '5. Learner 5',
    ]);
    expect(lines[7]).toMatch(/^You are #6 with \d+ XP\.$/);
  });
});

describe('/deadlines', () => {
  it('lists the open assignments of my courses, soonest first, in my time zone (the platform one until I choose); handed in or past: gone', async () => {
    const teacher = await h.register('Tess Teacher', 'instructor');
    const ada = await h.register('Ada Lovelace');
    const tg = await linkedQuietly(ada);
    expect((await h.say(tg, '/deadlines')).text).toBe('Nothing due: no open assignments and no upcoming mentoring sessions.');

    const title = `SQL ${randomUUID().slice(0, 4)}`;
    const course = await courseWithLessons(teacher, title, 1);
    await eventually(() => h.call(catalogRoutes.enroll, { params: { id: course.id } }, ada.caller));
    const assign = (name: string, due: string) =>
      eventually(() =>
        h.call(
          assessmentRoutes.createAssignment,
          {
            body: {
              course_id: course.id,
              title: name,
              description: 'd',
              assignment_type: 'essay',
              instructions: 'i',
              max_points: 20,
              due_date: due,
              is_published: true,
            } as never,
          },
          teacher.caller,
        ),
      );
    const later = await assign('Joins', '2031-03-10T09:00:00.000Z');
    await assign('Indexes', '2031-03-02T12:30:00.000Z');
    await assign('Already past', '2020-01-01T00:00:00.000Z');
    // the enrollment reaches assessment's read model by event
    await eventually(async () => {
      const reply = (await h.say(tg, '/deadlines')).text;
      if (!reply.startsWith('Coming up')) throw new Error(reply);
    });
    expect((await h.say(tg, '/deadlines')).text).toBe(
      `Coming up (times in Africa/Addis_Ababa):\n• Sun 2 Mar, 15:30: assignment "Indexes" due (${title})\n• Mon 10 Mar, 12:00: assignment "Joins" due (${title})`,
    );
    await eventually(() =>
      h.call(assessmentRoutes.submitAssignment, { params: { id: later.id }, body: { submission_text: 'Done' } as never }, ada.caller),
    );
    expect((await h.say(tg, '/deadlines')).text).not.toContain('Joins');
    // the zone Ada chose for her streak and notifications
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'Asia/Tokyo' } }, ada.caller);
    expect((await h.say(tg, '/deadlines')).text).toBe(
      `Coming up (times in Asia/Tokyo):\n• Sun 2 Mar, 21:30: assignment "Indexes" due (${title})`,
    );
  });
});

describe('/quiz', () => {
  it('asks a practice question of my course with its options as buttons and grades the one pressed', async () => {
    const teacher = await h.register('Tess Teacher', 'instructor');
    const ada = await h.register('Ada Lovelace');
    const tg = await linkedQuietly(ada);
    expect((await h.say(tg, '/quiz')).text).toBe('There is no practice question for your courses right now.');

    const title = `Maths ${randomUUID().slice(0, 4)}`;
    const course = await courseWithLessons(teacher, title, 1);
    await eventually(() => h.call(catalogRoutes.enroll, { params: { id: course.id } }, ada.caller));
    await eventually(() =>
      h.call(
        assessmentRoutes.createQuiz,
        {
          body: {
            title: 'Sums',
            description: 'd',
            subject: 'maths',
            time_limit: 0,
            test_mode: 'practice',
            course_id: course.id,
            questions: [
              {
                question_text: 'What is 2 + 2?',
                question_type: 'multiple_choice',
                options: ['3', '4', '5', ''],
                correct_answer: '4',
                points: 1,
              },
              { question_text: 'Write an essay', question_type: 'essay', correct_answer: '', points: 1 },
            ],
          } as never,
        },
        teacher.caller,
      ),
    );
    // the enrollment reaches assessment by event: asked of assessment itself, so that no /quiz sent too early is
    // still waiting for its reply (a late one would be taken for the answer to a press below)
    await eventually(async () => {
      if ((await callInternal(h.client, assessmentInternal.botQuestion, { user_id: ada.userId })) === null)
        throw new Error('assessment has no question for Ada yet');
    });
    const question = await h.say(tg, '/quiz');
    expect(question.text).toBe(`Practice question (${title}, Sums):\n\nWhat is 2 + 2?`);
    const buttons = question.reply_markup!.inline_keyboard!.map((row) => row[0]!);
    expect(buttons.map((b) => b.text)).toEqual(['3', '4', '5']);
    const right = await h.press(tg, question, buttons[1]!.callback_data!);
    expect(right.text).toBe('What is 2 + 2?\n\nYour answer: 4\nCorrect!');
    expect(right.reply_markup).toBeUndefined();

    const again = await h.say(tg, '/quiz');
    const wrong = await h.press(tg, again, again.reply_markup!.inline_keyboard![0]![0]!.callback_data!);
    expect(wrong.text).toBe('What is 2 + 2?\n\nYour answer: 3\nNot quite. The right answer: 4');
  });
});
