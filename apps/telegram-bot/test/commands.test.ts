import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { catalogRoutes, gamificationInternal } from '@lp/contracts';
import { callInternal } from '@lp/testing';
import { CatalogModule } from '../../catalog/src/app.module.js';
import { GamificationModule } from '../../gamification/src/app.module.js';
import { BotHarness, type Account } from './support/bot-harness.js';

jest.setTimeout(90_000);

let h: BotHarness;
beforeAll(async () => {
  h = await BotHarness.start({ catalog: (env) => CatalogModule.create(env), gamification: (env) => GamificationModule.create(env) });
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

describe('/courses', () => {
  it('lists the enrolled courses with their progress; none: says so', async () => {
    const teacher = await h.register('Tess Teacher', 'instructor');
    const ada = await h.register('Ada Lovelace');
    const tg = await h.linked(ada);
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
    const tg = await h.linked(me);
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
