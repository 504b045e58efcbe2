import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { catalogRoutes, type ContentItem, type Lesson } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, stubApi, type ApiStub } from '../../../testing/app-harness';
import { CourseStructure } from './course-structure';

const COURSE = '7d9c1e52-5b0e-4c44-9a57-2f1f0c6a0b01';
const at = '2026-11-20T09:00:00.000Z';

function lesson(n: number, title: string, extra: Partial<Lesson> = {}): Lesson {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    course_id: COURSE,
    title,
    description: '',
    content_type: 'text',
    content: `The text of ${title}`,
    duration_minutes: 15,
    order: n,
    is_published: true,
    is_free_preview: false,
    is_locked: false,
    created_at: at,
    updated_at: at,
    ...extra,
  };
}

const item = (id: string, title: string, lessonId: string | null): ContentItem => ({
  id,
  course_id: COURSE,
  type: 'text',
  title,
  url: null,
  content: 'Read this first.',
  duration: null,
  file_name: null,
  file_size: null,
  mime_type: null,
  order: 1,
  lesson_id: lessonId,
  created_at: at,
});

const basics = lesson(1, 'Basics');
const loops = lesson(2, 'Loops', { is_published: false });
const functions = lesson(3, 'Functions');

// whole screens on a shared two-core machine: typing and dialogs take their time
jest.setTimeout(30_000);

let api: ApiStub;
let lessons: Lesson[];
let user: UserEvent;

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  lessons = [basics, loops, functions];
  api = stubApi().on(catalogRoutes.listLessons, () => lessons);
});
afterEach(restoreFetch);

const renderStructure = (props: { isOwner?: boolean; items?: ContentItem[] } = {}) =>
  renderScreen(<CourseStructure courseId={COURSE} isOwner={props.isOwner ?? true} items={props.items ?? []} showInertActions={false} />, {
    guard: 'public',
  });

const shownTitles = () => screen.getAllByTestId('lesson-title-text').map((el) => el.textContent);

describe('CourseStructure', () => {
  it("shows the course's lessons in order with their facts, content items and course materials", async () => {
    renderStructure({ items: [item('i1', 'Welcome note', basics.id), item('i2', 'Syllabus', null)] });

    expect(await screen.findByRole('heading', { name: 'Lessons (3)' })).toBeTruthy();
    expect(shownTitles()).toEqual(['Basics', 'Loops', 'Functions']);
    const [first, second] = screen.getAllByTestId('managed-lesson');
    expect(within(first!).getByText('1 content item')).toBeTruthy();
    expect(within(first!).getByText('Welcome note')).toBeTruthy();
    expect(within(second!).getByText('No content items in this lesson yet.')).toBeTruthy();
    expect(within(second!).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Course materials (1)' })).toBeTruthy();
    expect(screen.getByText('Syllabus')).toBeTruthy();
  });

  it('adds a lesson through the dialog: the contract rule is said on the field first, then the lesson is sent and listed', async () => {
    const created = lesson(4, 'Recursion');
    api.on(catalogRoutes.createLesson, () => {
      lessons = [...lessons, created];
      return created;
    });
    renderStructure();
    await user.click(await screen.findByRole('button', { name: 'Add lesson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add lesson' });

    await user.click(within(dialog).getByRole('button', { name: 'Create Lesson' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(catalogRoutes.createLesson)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Recursion');
    await user.type(within(dialog).getByLabelText('Content'), 'A function that calls itself.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Lesson' }));

    expect(await screen.findByText('Lesson created successfully!')).toBeTruthy();
    expect(api.callsTo(catalogRoutes.createLesson)[0]).toMatchObject({
      params: { id: COURSE },
      body: { title: 'Recursion', content: 'A function that calls itself.', content_type: 'text', is_published: true },
    });
    await waitFor(() => expect(shownTitles()).toEqual(['Basics', 'Loops', 'Functions', 'Recursion']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves a lesson down: the new order shows, is sent whole, and the save is announced', async () => {
    api.on(catalogRoutes.reorderLessons, (call) => {
      const ids = (call.body as { lesson_ids: string[] }).lesson_ids;
      lessons = ids.map((id, i) => ({ ...lessons.find((l) => l.id === id)!, order: i + 1 }));
      return lessons;
    });
    renderStructure();
    await user.click(await screen.findByRole('button', { name: 'Move Basics down' }));

    expect(shownTitles()).toEqual(['Loops', 'Basics', 'Functions']);
    expect(await screen.findByText('Lesson order saved.')).toBeTruthy();
    expect(api.callsTo(catalogRoutes.reorderLessons)[0]?.body).toEqual({ lesson_ids: [loops.id, basics.id, functions.id] });
    expect(screen.getByRole('button', { name: 'Move Loops up' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('reorders with the keyboard on the handle, saying each step, and puts the order back when the server refuses', async () => {
    api.on(
      catalogRoutes.reorderLessons,
      () => new Reply(422, { detail: 'Give every lesson of the course once', code: 'LESSON_ORDER_MISMATCH', errors: [] }),
    );
    renderStructure();
    const handle = await screen.findByRole('button', { name: 'Reorder Functions' });
    handle.focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('reorder-status').textContent).toBe('Picked up Functions. It is lesson 3 of 3.');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(shownTitles()).toEqual(['Functions', 'Basics', 'Loops']);
    expect(screen.getByTestId('reorder-status').textContent).toBe('Functions is now lesson 1 of 3.');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('The lesson list changed meanwhile. Reload the page and try again.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('reorder-status').textContent).toBe('Failed to save the new order; the previous order is back.'),
    );
    expect(shownTitles()).toEqual(['Basics', 'Loops', 'Functions']);
  });

  it('Escape puts a picked-up lesson back where it was, sending nothing', async () => {
    renderStructure();
    const handle = await screen.findByRole('button', { name: 'Reorder Basics' });
    handle.focus();
    await user.keyboard(' {ArrowDown}{Escape}');
    expect(shownTitles()).toEqual(['Basics', 'Loops', 'Functions']);
    expect(screen.getByTestId('reorder-status').textContent).toBe('Reordering cancelled. Basics is back as lesson 1.');
    expect(api.callsTo(catalogRoutes.reorderLessons)).toHaveLength(0);
  });

  it('deletes a lesson after the confirmation', async () => {
    api.on(catalogRoutes.deleteLesson, () => {
      lessons = lessons.filter((l) => l.id !== loops.id);
      return undefined as never;
    });
    renderStructure();
    const row = (await screen.findAllByTestId('managed-lesson'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Delete Loops' }));
    await user.click(screen.getByTestId('delete-lesson-dialog-confirm'));

    expect(await screen.findByText('Lesson deleted successfully!')).toBeTruthy();
    expect(api.callsTo(catalogRoutes.deleteLesson)[0]?.params).toEqual({ id: loops.id });
    await waitFor(() => expect(shownTitles()).toEqual(['Basics', 'Functions']));
  });

  it('shows a non-owner the lessons without the means to change them', async () => {
    renderStructure({ isOwner: false });
    expect(await screen.findByText("Only the course's instructor can change its lessons.")).toBeTruthy();
    expect(shownTitles()).toEqual(['Basics', 'Loops', 'Functions']);
    expect(screen.queryByRole('button', { name: 'Add lesson' })).toBeNull();
    expect(screen.queryByTestId('lesson-drag-handle')).toBeNull();
  });
});
