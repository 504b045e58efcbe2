import type { z } from 'zod';
import { catalogInternal } from '@lp/contracts';
import { demoCourse, demoUser, type SeedContext, type Seeder } from '@lp/service-kit';

/**
 * catalog: published courses of every kind (free and paid, lessons, a free preview, a text item), a draft,
 * the demo learner enrolled with some progress, one course completed (its certificate is rendered by the
 * worker), reviews and an instructor message. Each call is idempotent (`catalog.seed.*`).
 */
export const demoCourses: ReadonlyArray<Omit<z.input<typeof catalogInternal.ensureCourse.request>, 'instructor_id'>> = [
  {
    title: 'Python for Beginners',
    description: 'Start programming with Python: variables, control flow, functions and small projects you can finish in a weekend.',
    price: 0,
    category: 'programming',
    level: 'beginner',
    is_published: true,
    lessons: [
      {
        title: 'Welcome and setup',
        content: 'Install Python 3, open a terminal and run your first print("Hello") program.',
        content_type: 'text',
        duration_minutes: 10,
        is_free_preview: true,
      },
      {
        title: 'Variables and types',
        content: '<h2>Variables</h2><p>Numbers, strings and booleans, and how Python names values.</p>',
        content_type: 'html',
        duration_minutes: 20,
      },
      {
        title: 'Loops and conditions',
        content: 'for, while and if: make the program decide and repeat.',
        content_type: 'text',
        duration_minutes: 25,
      },
      { title: 'Functions', content: 'https://videos.learnhub.local/python/functions.mp4', content_type: 'video', duration_minutes: 30 },
    ],
    text_items: [{ title: 'Python cheat sheet', text: 'print(), len(), range(), list comprehensions, def, return, import.' }],
  },
  {
    title: 'Modern Web Development with React',
    description: 'Build fast, accessible single-page applications with React 19, hooks, routing and data fetching.',
    price: 49.99,
    category: 'programming',
    level: 'intermediate',
    is_published: true,
    lessons: [
      {
        title: 'Components and JSX',
        content: 'Think in components: props, children and composition.',
        content_type: 'text',
        duration_minutes: 25,
        is_free_preview: true,
      },
      {
        title: 'State and effects',
        content: 'useState, useEffect and when not to use an effect.',
        content_type: 'text',
        duration_minutes: 35,
      },
      {
        title: 'Routing and data',
        content: 'https://videos.learnhub.local/react/routing.mp4',
        content_type: 'video',
        duration_minutes: 40,
      },
    ],
  },
  {
    title: 'UX Design Fundamentals',
    description: 'Research, wireframes and usability testing: design products people enjoy using.',
    price: 29,
    category: 'design',
    level: 'beginner',
    is_published: true,
    lessons: [
      {
        title: 'What is UX?',
        content: 'User experience beyond visuals: goals, tasks and context.',
        content_type: 'text',
        duration_minutes: 15,
        is_free_preview: true,
      },
      { title: 'User research', content: 'Interviews, surveys and personas.', content_type: 'text', duration_minutes: 30 },
      { title: 'Wireframes', content: 'https://docs.learnhub.local/ux/wireframes.pdf', content_type: 'pdf', duration_minutes: 20 },
    ],
  },
  {
    title: 'Digital Marketing Essentials',
    description: 'Reach the right people: positioning, content, social media and measuring what works.',
    price: 0,
    category: 'marketing',
    level: 'beginner',
    is_published: true,
    lessons: [
      { title: 'Positioning', content: 'Who is it for, and why should they care?', content_type: 'text', duration_minutes: 15 },
      {
        title: 'Content that converts',
        content: 'Headlines, calls to action and a publishing rhythm.',
        content_type: 'text',
        duration_minutes: 20,
      },
    ],
  },
  {
    title: 'Data Analysis with SQL',
    description: 'Query, join and aggregate real datasets with SQL and turn numbers into decisions.',
    price: 39,
    category: 'data-science',
    level: 'intermediate',
    is_published: true,
    lessons: [
      { title: 'SELECT and WHERE', content: 'Read data and filter it.', content_type: 'text', duration_minutes: 20, is_free_preview: true },
      { title: 'JOINs', content: 'Combine tables with inner and outer joins.', content_type: 'text', duration_minutes: 30 },
      { title: 'GROUP BY', content: 'Aggregate with count, sum and avg.', content_type: 'text', duration_minutes: 25 },
    ],
  },
  {
    title: 'Spanish for Travelers',
    description: 'Greetings, directions, food and small talk: the Spanish you need on the road.',
    price: 0,
    category: 'language',
    level: 'beginner',
    is_published: true,
    lessons: [
      { title: 'Saludos', content: 'Hola, buenos días, ¿qué tal?', content_type: 'text', duration_minutes: 10, is_free_preview: true },
    ],
  },
  {
    title: 'Advanced Go Concurrency',
    description:
      'Goroutines, channels, contexts and the patterns that keep concurrent programs correct. (Draft: only its instructor sees it.)',
    price: 59,
    category: 'programming',
    level: 'advanced',
    is_published: false,
    lessons: [{ title: 'Goroutines', content: 'Start many tasks cheaply.', content_type: 'text', duration_minutes: 20 }],
  },
];

/** The demo learner's enrollments: lessons done and her review. */
const demoEnrollments: ReadonlyArray<
  { title: string } & Omit<z.input<typeof catalogInternal.ensureEnrollment.request>, 'course_id' | 'user_id'>
> = [
  {
    title: 'Python for Beginners',
    completed_lessons: 2,
    review: { rating: 5, comment: 'Clear and friendly: I wrote my first script on day one.' },
  },
  { title: 'Digital Marketing Essentials', completed_lessons: 2, review: { rating: 4, comment: 'Short and practical.' } },
  { title: 'Spanish for Travelers', completed_lessons: 0, review: null },
];

const WELCOME_COURSE = 'Python for Beginners';

async function seedCatalog(ctx: SeedContext): Promise<void> {
  const instructor = demoUser(ctx, 'instructor', 'catalog');
  const learner = demoUser(ctx, 'learner', 'catalog');
  for (const c of demoCourses) {
    const { id, created } = await ctx.request(catalogInternal.ensureCourse, { instructor_id: instructor.id, ...c });
    ctx.courses[c.title] = { id, price: c.price };
    ctx.log(`catalog: course "${c.title}"${c.is_published ? '' : ' (draft)'} ${created ? 'created' : 'already there'}`);
  }
  for (const { title, ...e } of demoEnrollments) {
    const { created } = await ctx.request(catalogInternal.ensureEnrollment, {
      ...e,
      course_id: demoCourse(ctx, title, 'catalog').id,
      user_id: learner.id,
    });
    ctx.log(`catalog: ${learner.email} in "${title}" ${created ? 'enrolled' : 'already enrolled'}`);
  }
  const { created } = await ctx.request(catalogInternal.ensureMessage, {
    sender_id: instructor.id,
    recipient_id: learner.id,
    course_id: demoCourse(ctx, WELCOME_COURSE, 'catalog').id,
    subject: `Welcome to ${WELCOME_COURSE}!`,
    message: 'Hi! Great start on the first lessons. Reply here if anything is unclear.',
  });
  ctx.log(`catalog: welcome message ${created ? 'sent' : 'already there'}`);
}

export const seeder: Seeder = { area: 'catalog', run: seedCatalog };
