// Demo data for `npm start` (and `npm run seed`, which is `node infra/start.mjs --seed-only`).
// Everything goes over the bus to the owning service, through idempotent internal
// subjects (`<service>.seed.*`), so seeding twice changes nothing.
//
// Adding a service's demo data: write `async function seedCatalog(ctx)` below, using
// `ctx.request(subject, body)` and what earlier areas left in `ctx` (ctx.users.<role>.id),
// and add it to `seeders` after the areas it depends on.
import { connect } from '@nats-io/transport-node';

export const DEMO_PASSWORD = 'Password123!';

/** One account per role; the banner of `npm start` prints this list. */
export const demoAccounts = [
  { role: 'learner', email: 'learner@learnhub.local', name: 'Lena Learner', password: DEMO_PASSWORD },
  { role: 'instructor', email: 'instructor@learnhub.local', name: 'Ivan Instructor', password: DEMO_PASSWORD },
  { role: 'mentor', email: 'mentor@learnhub.local', name: 'Mia Mentor', password: DEMO_PASSWORD },
  { role: 'institution', email: 'institution@learnhub.local', name: 'Ada Institution', password: DEMO_PASSWORD },
  { role: 'admin', email: 'admin@learnhub.local', name: 'Adam Admin', password: DEMO_PASSWORD },
];

/** identity: the demo accounts (`identity.seed.ensure-user` answers {id, created}). */
export async function seedIdentity(ctx) {
  for (const a of demoAccounts) {
    const { id, created } = await ctx.request('identity.seed.ensure-user', {
      email: a.email,
      name: a.name,
      password: a.password,
      role: a.role,
    });
    ctx.users[a.role] = { id, email: a.email, name: a.name };
    ctx.log(`identity: ${a.email} (${a.role}) ${created ? 'created' : 'already there'}`);
  }
}

/** catalog: published courses of every kind (free and paid, lessons, a free preview, a text item), a draft,
 * the demo learner enrolled with some progress, one course completed (its certificate is rendered by the
 * worker), reviews and an instructor message. Each call is idempotent (`catalog.seed.*`). */
export const demoCourses = [
  {
    title: 'Python for Beginners',
    description: 'Start programming with Python: variables, control flow, functions and small projects you can finish in a weekend.',
    price: 0, category: 'programming', level: 'beginner', is_published: true,
    lessons: [
      { title: 'Welcome and setup', content: 'Install Python 3, open a terminal and run your first print("Hello") program.', content_type: 'text', duration_minutes: 10, is_free_preview: true },
      { title: 'Variables and types', content: '<h2>Variables</h2><p>Numbers, strings and booleans, and how Python names values.</p>', content_type: 'html', duration_minutes: 20 },
      { title: 'Loops and conditions', content: 'for, while and if: make the program decide and repeat.', content_type: 'text', duration_minutes: 25 },
      { title: 'Functions', content: 'https://videos.learnhub.local/python/functions.mp4', content_type: 'video', duration_minutes: 30 },
    ],
    text_items: [{ title: 'Python cheat sheet', text: 'print(), len(), range(), list comprehensions, def, return, import.' }],
  },
  {
    title: 'Modern Web Development with React',
    description: 'Build fast, accessible single-page applications with React 19, hooks, routing and data fetching.',
    price: 49.99, category: 'programming', level: 'intermediate', is_published: true,
    lessons: [
      { title: 'Components and JSX', content: 'Think in components: props, children and composition.', content_type: 'text', duration_minutes: 25, is_free_preview: true },
      { title: 'State and effects', content: 'useState, useEffect and when not to use an effect.', content_type: 'text', duration_minutes: 35 },
      { title: 'Routing and data', content: 'https://videos.learnhub.local/react/routing.mp4', content_type: 'video', duration_minutes: 40 },
    ],
  },
  {
    title: 'UX Design Fundamentals',
    description: 'Research, wireframes and usability testing: design products people enjoy using.',
    price: 29, category: 'design', level: 'beginner', is_published: true,
    lessons: [
      { title: 'What is UX?', content: 'User experience beyond visuals: goals, tasks and context.', content_type: 'text', duration_minutes: 15, is_free_preview: true },
      { title: 'User research', content: 'Interviews, surveys and personas.', content_type: 'text', duration_minutes: 30 },
      { title: 'Wireframes', content: 'https://docs.learnhub.local/ux/wireframes.pdf', content_type: 'pdf', duration_minutes: 20 },
    ],
  },
  {
    title: 'Digital Marketing Essentials',
    description: 'Reach the right people: positioning, content, social media and measuring what works.',
    price: 0, category: 'marketing', level: 'beginner', is_published: true,
    lessons: [
      { title: 'Positioning', content: 'Who is it for, and why should they care?', content_type: 'text', duration_minutes: 15 },
      { title: 'Content that converts', content: 'Headlines, calls to action and a publishing rhythm.', content_type: 'text', duration_minutes: 20 },
    ],
  },
  {
    title: 'Data Analysis with SQL',
    description: 'Query, join and aggregate real datasets with SQL and turn numbers into decisions.',
    price: 39, category: 'data-science', level: 'intermediate', is_published: true,
    lessons: [
      { title: 'SELECT and WHERE', content: 'Read data and filter it.', content_type: 'text', duration_minutes: 20, is_free_preview: true },
      { title: 'JOINs', content: 'Combine tables with inner and outer joins.', content_type: 'text', duration_minutes: 30 },
      { title: 'GROUP BY', content: 'Aggregate with count, sum and avg.', content_type: 'text', duration_minutes: 25 },
    ],
  },
  {
    title: 'Spanish for Travelers',
    description: 'Greetings, directions, food and small talk: the Spanish you need on the road.',
    price: 0, category: 'language', level: 'beginner', is_published: true,
    lessons: [{ title: 'Saludos', content: 'Hola, buenos días, ¿qué tal?', content_type: 'text', duration_minutes: 10, is_free_preview: true }],
  },
  {
    title: 'Advanced Go Concurrency',
    description: 'Goroutines, channels, contexts and the patterns that keep concurrent programs correct. (Draft: only its instructor sees it.)',
    price: 59, category: 'programming', level: 'advanced', is_published: false,
    lessons: [{ title: 'Goroutines', content: 'Start many tasks cheaply.', content_type: 'text', duration_minutes: 20 }],
  },
];

export async function seedCatalog(ctx) {
  const instructor = ctx.users.instructor;
  const learner = ctx.users.learner;
  if (!instructor || !learner) throw new SeedError('catalog: the identity demo accounts are missing');
  ctx.courses = {};
  for (const c of demoCourses) {
    const { id, created } = await ctx.request('catalog.seed.ensure-course', { instructor_id: instructor.id, ...c });
    ctx.courses[c.title] = { id, price: c.price };
    ctx.log(`catalog: course "${c.title}"${c.is_published ? '' : ' (draft)'} ${created ? 'created' : 'already there'}`);
  }
  const enrollments = [
    { title: 'Python for Beginners', completed_lessons: 2, review: { rating: 5, comment: 'Clear and friendly: I wrote my first script on day one.' } },
    { title: 'Digital Marketing Essentials', completed_lessons: 2, review: { rating: 4, comment: 'Short and practical.' } },
    { title: 'Spanish for Travelers', completed_lessons: 0, review: null },
  ];
  for (const e of enrollments) {
    const { created } = await ctx.request('catalog.seed.ensure-enrollment', {
      course_id: ctx.courses[e.title].id,
      user_id: learner.id,
      completed_lessons: e.completed_lessons,
      review: e.review,
    });
    ctx.log(`catalog: ${learner.email} in "${e.title}" ${created ? 'enrolled' : 'already enrolled'}`);
  }
  const { created } = await ctx.request('catalog.seed.ensure-message', {
    sender_id: instructor.id,
    recipient_id: learner.id,
    course_id: ctx.courses['Python for Beginners'].id,
    subject: 'Welcome to Python for Beginners!',
    message: 'Hi! Great start on the first lessons. Reply here if anything is unclear.',
  });
  ctx.log(`catalog: welcome message ${created ? 'sent' : 'already there'}`);
}

// Later areas (assessment: quizzes; mentoring: mentors; community: groups; institution:
// an institution) add their function here.

/** In order: an area may use what the ones before it created. */
export const seeders = [
  { area: 'identity', run: seedIdentity },
  { area: 'catalog', run: seedCatalog },
];

export class SeedError extends Error {}

/**
 * Runs every seeder against a running stack.
 * @param {{ natsUrl: string, busPrefix?: string, log?: (line: string) => void, timeoutMs?: number }} opts
 */
export async function seed({ natsUrl, busPrefix = '', log = (l) => console.log(`[seed] ${l}`), timeoutMs = 15_000 }) {
  const nc = await connect({ servers: natsUrl.split(','), name: 'lp-seed', timeout: 5000 });
  // the bus's own client, so the reply format lives in one place (libs/bus, built before seeding)
  const { RpcClient } = await import('@lp/bus');
  const rpc = new RpcClient(nc, busPrefix, 10_000);
  /** Request-reply; retried while the service is not subscribed yet. */
  async function request(subject, body) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await rpc.request(subject, body, { requestId: `seed-${Date.now()}` });
      } catch (e) {
        if (e?.status === 503 && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        const what = e?.status === 503 ? 'no service answers it (is it running?)' : `${e?.status ?? ''} ${e?.code ?? ''} ${e?.detail ?? e?.message}`;
        throw new SeedError(`${subject}: ${what}`);
      }
    }
  }
  const ctx = { request, users: {}, log, nc };
  try {
    for (const s of seeders) {
      const t = Date.now();
      await s.run(ctx);
      log(`${s.area}: done in ${Date.now() - t} ms`);
    }
  } finally {
    await nc.drain().catch(() => nc.close());
  }
  return ctx;
}
