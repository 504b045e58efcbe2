import type { z } from 'zod';
import { assessmentInternal, assessmentRoutes as r, type TakerQuestion } from '@lp/contracts';
import { DAY_MS, SeedError, demoCourse, demoUser, type SeedContext, type Seeder } from '@lp/service-kit';
import { demoAssessments, type DemoAssessment, type DemoQuestion } from './demo-assessments.js';

/** An assignment as the instructor creates it, due `due_in_days` after the first seeding, with the demo learner's submission and its grade. */
type DemoAssignment = Omit<z.input<typeof r.createAssignment.body>, 'course_id' | 'due_date'> & {
  title: string;
  is_published: boolean;
  max_points: number;
  due_in_days: number;
  submission?: string;
  grade?: z.input<typeof r.gradeSubmission.body>;
};

/**
 * The demo learner's attempts, in order. `wrong`: how many of the gradable questions she gets
 * wrong (essays are always answered and wait for manual grading, counting 0 until then). The server
 * grades, so passed/failed follows from the answers. A quiz's attempts already made are
 * skipped: the n-th entry of a quiz runs only while she has fewer than n attempts on it.
 */
export const demoAttempts: ReadonlyArray<{ title: string; wrong: number; flag?: boolean }> = [
  // a course's quizzes open at 100% (spec 2): she has completed Digital Marketing Essentials; Python for
  // Beginners is at 40%, so its quizzes show her the lock ("Complete the course to unlock this quiz")
  { title: 'Marketing Foundations Quiz', wrong: 3 },
  { title: 'Mathematics & Science Mock Test', wrong: 1, flag: true },
  { title: 'English & History Mock Test', wrong: 5, flag: true },
];

/**
 * Seconds the demo learner spends on an attempt: 40 to 90 per question (varied, but the same on
 * every seeding), kept under 80% of the time limit so no attempt runs out of time.
 */
export function demoAttemptSeconds(attemptIndex: number, questionCount: number, timeLimitMinutes: number): number {
  let total = 0;
  for (let q = 0; q < questionCount; q++) total += 40 + ((attemptIndex * 37 + q * 13) % 51);
  return timeLimitMinutes > 0 ? Math.min(total, Math.floor(timeLimitMinutes * 60 * 0.8)) : total;
}

/** Assignments of a demo course, with what the demo learner and instructor did. Due dates are relative to the first seeding. */
export const demoAssignments: readonly DemoAssignment[] = [
  {
    title: 'Hello, World script',
    description: 'Write and run your first Python program.',
    instructions: 'Write a script that asks for your name and greets you. Paste the code and its output.',
    assignment_type: 'code',
    max_points: 100,
    due_in_days: 3,
    is_published: true,
    submission: 'name = input("Your name: ")\nprint(f"Hello, {name}!")\n\nOutput:\nYour name: Lena\nHello, Lena!',
    grade: { grade: 92, feedback: 'Works well and reads cleanly. Try handling an empty name next time.' },
  },
  {
    title: 'Loops practice',
    description: 'Use for and while loops on small problems.',
    instructions: 'Print the multiplication table of 7 with a for loop, then count down from 10 with a while loop.',
    // due 42 hours before the first seeding: submitted 2 days late (lateness counts started days)
    assignment_type: 'code',
    max_points: 50,
    due_in_days: -1.75,
    is_published: true,
    late_penalty_percent: 10,
    submission: 'for i in range(1, 11):\n    print(7, "x", i, "=", 7 * i)\n\nn = 10\nwhile n > 0:\n    print(n)\n    n -= 1',
  },
  {
    title: 'Functions reflection',
    description: 'A short essay on why functions matter.',
    instructions: 'In 200-300 words, explain how functions make programs easier to read, test and reuse. Give one example.',
    assignment_type: 'essay',
    max_points: 20,
    due_in_days: 5,
    is_published: true,
    submission:
      'Functions give a name to a piece of work. Instead of repeating the same lines, I call greet(name) wherever I need it, and if the greeting changes I fix it in one place. Small functions are also easier to test: I can check that area(3) returns 28.27 without running the whole program.',
  },
  {
    title: 'Mini project: number guessing game',
    description: 'Put variables, loops, conditions and functions together.',
    instructions:
      'Build a game that picks a number from 1 to 100 and tells the player "higher" or "lower" until they guess it. Submit the code and a short description.',
    assignment_type: 'project',
    max_points: 100,
    due_in_days: 14,
    is_published: true,
  },
  {
    title: 'Final project proposal',
    description: 'Propose the program you will build as your final project.',
    instructions: 'Describe the problem, the users and the features of your final project in one page.',
    assignment_type: 'presentation',
    max_points: 30,
    due_in_days: 21,
    is_published: false,
  },
];

/** The demo course the assignments belong to. */
const ASSIGNMENT_COURSE = 'Python for Beginners';
/** catalog's courses and enrollments reach assessment through events: asked again until they are there */
const eventually = { retryCodes: ['COURSE_NOT_FOUND', 'NOT_ENROLLED'] };

/** A wrong answer of the same type, so the server grades it incorrect. */
function wrongAnswer(q: DemoQuestion): string {
  if (q.question_type === 'true_false') return q.correct_answer === 'True' ? 'False' : 'True';
  if (q.question_type === 'multiple_choice') return q.options.find((o) => o !== q.correct_answer) ?? '';
  return 'I am not sure';
}

/**
 * Answers keyed by question id: the taker view's questions matched to the seed's by their text.
 * The `wrong` mistakes are spread evenly over the gradable questions (so over their subjects).
 */
function answersFor(def: DemoAssessment, takerQuestions: readonly TakerQuestion[], wrong: number): Record<string, string> {
  const byText = new Map(def.questions.map((q) => [q.question_text, q]));
  const gradable = def.questions.filter((q) => q.question_type !== 'essay');
  const missed = new Set(
    gradable.filter((_, i) => Math.floor(((i + 1) * wrong) / gradable.length) > Math.floor((i * wrong) / gradable.length)),
  );
  const answers: Record<string, string> = {};
  for (const tq of takerQuestions) {
    const q = byText.get(tq.question_text);
    if (!q) throw new SeedError(`assessment: "${def.title}" has a question the seed does not know: ${tq.question_text}`);
    if (q.question_type === 'essay') answers[tq.id] = q.demo_answer ?? '';
    else answers[tq.id] = missed.has(q) ? wrongAnswer(q) : q.correct_answer;
  }
  return answers;
}

/**
 * assessment: the demo instructor's course quizzes, an exam, a draft and three mock tests
 * (all four question types, explanations), the demo learner's graded attempts (passes and
 * failures, taken through the same start/submit subjects as the SPA so the server grades them),
 * and assignments on a demo course (graded, late, on time awaiting a grade, open, draft).
 * Everything goes through assessment's routes as the demo users; each step first reads what
 * is there (my quizzes, my attempts, the course's assignments), so seeding twice adds nothing.
 */
async function seedAssessment(ctx: SeedContext): Promise<void> {
  const quizzes = await seedQuizzes(ctx);
  await seedAttempts(ctx, quizzes);
  await seedAssignments(ctx);
}

type SeededQuizzes = Map<string, { id: string; def: DemoAssessment }>;

async function seedQuizzes(ctx: SeedContext): Promise<SeededQuizzes> {
  const asInstructor = ctx.as(demoUser(ctx, 'instructor', 'assessment'), 'instructor');
  const mine = await ctx.call(r.myQuizzes, {}, asInstructor);
  const quizzes: SeededQuizzes = new Map();
  for (const def of demoAssessments) {
    const courseId = def.course ? demoCourse(ctx, def.course, 'assessment').id : null;
    let quiz: { id: string; kind: string } | undefined = mine.find((q) => q.title === def.title && q.course_id === courseId);
    const created = !quiz;
    if (!quiz) {
      const { course: _course, route, questions, ...fields } = def;
      quiz = await ctx.call(
        r[route],
        { body: { ...fields, course_id: courseId, questions: questions.map(({ demo_answer: _a, ...q }) => q) } },
        asInstructor,
        eventually,
      );
    }
    quizzes.set(def.title, { id: quiz.id, def });
    ctx.log(`assessment: ${quiz.kind} "${def.title}"${def.is_published ? '' : ' (draft)'} ${created ? 'created' : 'already there'}`);
  }
  return quizzes;
}

/** The learner's attempts: the n-th of a quiz only while she has fewer than n on it. */
async function seedAttempts(ctx: SeedContext, quizzes: SeededQuizzes): Promise<void> {
  const learner = demoUser(ctx, 'learner', 'assessment');
  const asLearner = ctx.as(learner, 'learner');
  const attempts = await ctx.call(r.learnerAttempts, {}, asLearner);
  const seen = new Map<string, number>();
  // the seed answers in milliseconds: the session's start moves back first, so the server times it like a learner
  const takeTime = (index: number, sessionId: string, questionCount: number, def: DemoAssessment) =>
    ctx.request(assessmentInternal.backdateSession, {
      session_id: sessionId,
      seconds: demoAttemptSeconds(index, questionCount, def.time_limit),
    });
  for (const [index, a] of demoAttempts.entries()) {
    const { id, def } = quizzes.get(a.title)!;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    if (attempts.filter((x) => x.quiz_id === id).length >= seen.get(id)!) continue;
    let result: { score: number; passed: boolean };
    if (def.route === 'createMockTest') {
      // the timed test session: start (or resume), save progress with a flag, submit
      const session = await ctx.call(r.startMockTest, { params: { id } }, asLearner, eventually);
      const answers = answersFor(def, session.test.questions, a.wrong);
      if (a.flag) {
        const half = Object.fromEntries(Object.entries(answers).slice(0, Math.ceil(session.test.questions.length / 2)));
        await ctx.call(
          r.saveProgress,
          { params: { id }, body: { session_id: session.session_id, answers: half, current_question: 1, flagged_questions: [1] } },
          asLearner,
        );
      }
      await takeTime(index, session.session_id, session.test.questions.length, def);
      result = await ctx.call(
        r.submitMockTest,
        { params: { id }, query: { session_id: session.session_id }, body: { answers, flagged_questions: a.flag ? [1] : [] } },
        asLearner,
      );
    } else {
      // the course quiz page: opening the quiz opens the session, submitting grades it
      const quiz = await ctx.call(r.getQuiz, { params: { id } }, asLearner, eventually);
      if (!quiz.session_id) throw new SeedError(`assessment: ${learner.email} cannot start "${a.title}" (${quiz.my.status})`);
      const answers = answersFor(def, quiz.questions, a.wrong);
      await takeTime(index, quiz.session_id, quiz.questions.length, def);
      result = await ctx.call(r.submitQuiz, { params: { id }, body: { answers, session_id: quiz.session_id } }, asLearner);
    }
    ctx.log(`assessment: ${learner.email} took "${a.title}": ${result.score}% ${result.passed ? 'passed' : 'failed'}`);
  }
}

async function seedAssignments(ctx: SeedContext): Promise<void> {
  const learner = demoUser(ctx, 'learner', 'assessment');
  const asLearner = ctx.as(learner, 'learner');
  const asInstructor = ctx.as(demoUser(ctx, 'instructor', 'assessment'), 'instructor');
  const courseId = demoCourse(ctx, ASSIGNMENT_COURSE, 'assessment').id;
  const existing = await ctx.call(r.courseAssignments, { params: { courseId } }, asInstructor, eventually);
  for (const def of demoAssignments) {
    let assignment = existing.find((x) => x.title === def.title);
    if (!assignment) {
      const { due_in_days, submission: _s, grade: _g, ...fields } = def;
      assignment = await ctx.call(
        r.createAssignment,
        { body: { ...fields, course_id: courseId, due_date: new Date(Date.now() + due_in_days * DAY_MS).toISOString() } },
        asInstructor,
        eventually,
      );
      ctx.log(`assessment: assignment "${def.title}"${def.is_published ? '' : ' (draft)'} created`);
    } else ctx.log(`assessment: assignment "${def.title}" already there`);
    if (!def.submission) continue;
    const mineNow = await ctx.call(r.getAssignment, { params: { id: assignment.id } }, asLearner, eventually);
    let submission = mineNow.submission;
    if (!mineNow.has_submitted) {
      submission = await ctx.call(
        r.submitAssignment,
        { params: { id: assignment.id }, body: { submission_text: def.submission } },
        asLearner,
        eventually,
      );
      ctx.log(`assessment: ${learner.email} submitted "${def.title}"${submission.is_late ? ` ${submission.days_late} day(s) late` : ''}`);
    }
    if (def.grade && submission && submission.status !== 'graded') {
      const graded = await ctx.call(r.gradeSubmission, { params: { id: submission.id }, body: def.grade }, asInstructor);
      ctx.log(`assessment: "${def.title}" graded ${graded.grade}/${def.max_points}`);
    }
  }
}

export const seeder: Seeder = { area: 'assessment', run: seedAssessment };
