import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes, catalogRoutes, identityRoutes, type Course, type QuizAuthor, type User } from '@lp/contracts';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiCall, type ApiStub } from '../../../testing/app-harness';
import { QuizWizard } from './quiz-wizard';
import { newQuizValues } from './quiz-values';
import { aUser } from '../../../testing/users';

// whole screens on a shared two-core machine
jest.setTimeout(60_000);

const at = '2026-11-20T09:00:00.000Z';
const instructor: User = aUser({
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Tom Teacher',
  email: 'tom@example.com',
  role: 'instructor',
  created_at: at,
});
const course: Course = {
  id: '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c',
  title: 'JavaScript from scratch',
  description: 'Learn the language step by step.',
  price: 0,
  category: 'programming',
  level: 'beginner',
  instructor_id: instructor.id,
  instructor_name: instructor.name,
  institution_id: null,
  thumbnail: null,
  cover_url: null,
  is_published: true,
  enrollment_count: 12,
  rating_avg: 4.5,
  rating_count: 4,
  lesson_count: 2,
  content_items: [],
  created_at: at,
  updated_at: at,
};

type QuizBody = Omit<QuizAuthor, 'questions'> & { questions: Omit<QuizAuthor['questions'][number], 'id' | 'order'>[] };

/** what the service answers: the quiz as created, with ids and figures */
function created(call: ApiCall): QuizAuthor {
  const body = call.body as QuizBody;
  return {
    ...body,
    id: '9a9a9a9a-0000-4000-8000-000000000001',
    kind: 'mock_test',
    course_title: null,
    question_count: body.questions.length,
    total_points: body.questions.reduce((sum, q) => sum + q.points, 0),
    figures: { attempts: 0, average_score: null, pass_rate: null },
    created_by: instructor.id,
    created_at: at,
    updated_at: at,
    questions: body.questions.map((q, order) => ({ ...q, id: `9b9b9b9b-0000-4000-8000-00000000000${order}`, order })),
  };
}

let api: ApiStub;
let user: UserEvent;
const onSaved = jest.fn();

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  onSaved.mockReset();
  api = stubApi().on(catalogRoutes.instructorCourses, () => [course]);
  signIn(api, identityRoutes.me, instructor);
});
afterEach(restoreFetch);

const openWizard = () => renderScreen(<QuizWizard initial={newQuizValues()} editingId={null} onSaved={onSaved} onCancel={() => {}} />);
const step = () => screen.getByTestId('quiz-wizard').getAttribute('data-step');

async function fillBasics() {
  await user.type(await screen.findByLabelText('Quiz title'), 'Loops quiz');
  await user.type(screen.getByLabelText('Subject'), 'Programming');
  await user.selectOptions(await screen.findByLabelText('Course'), 'JavaScript from scratch');
}

async function addQuestion(text: string, options: string[], correct: string) {
  const editor = screen.getByTestId('question-editor');
  await user.type(within(editor).getByLabelText('Question'), text);
  for (const [i, option] of options.entries()) await user.type(within(editor).getByPlaceholderText(`Option ${'ABCD'[i]}`), option);
  await user.selectOptions(within(editor).getByLabelText('Correct answer'), correct);
  await user.click(within(editor).getByRole('button', { name: 'Add Question' }));
}

describe('QuizWizard', () => {
  it('keeps the first step until the quiz has a title, saying what is missing', async () => {
    openWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a quiz title')).toBeTruthy();
    expect(step()).toBe('basic');
    expect(screen.getByRole('button', { name: /Basic Info/ }).getAttribute('aria-current')).toBe('step');
  });

  it('asks for a question on step 2, then creates the quiz with its questions and settings', async () => {
    api.on(assessmentRoutes.createMockTest, created);
    openWizard();
    await fillBasics();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Questions (0)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please add at least one question')).toBeTruthy();
    expect(step()).toBe('questions');

    await addQuestion('Which loop runs at least once?', ['for', 'while', 'do...while'], 'do...while');
    expect(await screen.findByRole('heading', { name: 'Questions (1)' })).toBeTruthy();
    expect(screen.getByText(/Which loop runs at least once\?/)).toBeTruthy();
    expect(screen.queryByText('Please add at least one question')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step()).toBe('settings');
    await user.clear(screen.getByLabelText('Passing score (%)'));
    await user.type(screen.getByLabelText('Passing score (%)'), '80');
    await user.click(screen.getByRole('button', { name: 'Create Quiz' }));

    expect(await screen.findByText('Quiz created successfully!')).toBeTruthy();
    expect(api.callsTo(assessmentRoutes.createMockTest)[0]?.body).toMatchObject({
      title: 'Loops quiz',
      subject: 'Programming',
      course_id: course.id,
      passing_score: 80,
      is_mock_test: true,
      questions: [
        { question_text: 'Which loop runs at least once?', options: ['for', 'while', 'do...while'], correct_answer: 'do...while' },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Loops quiz', question_count: 1 }));
  });

  it('keeps what was entered and says why when the service refuses the quiz', async () => {
    api.on(
      assessmentRoutes.createMockTest,
      () =>
        new Reply(400, {
          detail: 'Validation failed',
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'title', message: 'A quiz of that title exists' }],
        }),
    );
    openWizard();
    await fillBasics();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await addQuestion('Which loop runs at least once?', ['for', 'do...while'], 'do...while');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Create Quiz' }));

    expect(await screen.findByText('A quiz of that title exists')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Basic Info/ }));
    expect((await screen.findByLabelText<HTMLInputElement>('Quiz title')).value).toBe('Loops quiz');
  });
});
