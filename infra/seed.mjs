// Demo data for `npm start` (and `npm run seed`, which is `node infra/start.mjs --seed-only`).
// Everything goes over the bus to the owning service, either through idempotent internal
// subjects (`<service>.seed.*`) or through the service's own route subjects called as a demo
// user (the caller signed with the stack's key, as the gateway sends it) after reading what is already there,
// so seeding twice changes nothing.
//
// Adding a service's demo data: write `async function seedCatalog(ctx)` below, using
// `ctx.request(subject, body)` or `ctx.call(route, {params, query, body, headers}, caller)` and what
// earlier areas left in `ctx` (ctx.users.<role>.id, ctx.courses[title].id), and add it to
// `seeders` after the areas it depends on.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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
    {
      title: 'Python for Beginners',
      completed_lessons: 2,
      review: { rating: 5, comment: 'Clear and friendly: I wrote my first script on day one.' },
    },
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

// ------------------------------------------------------------------ assessment

/** Question builders: the builder's four types, each with an explanation the learner sees after submitting. */
const mc = (subject, difficulty, question_text, options, correct_answer, explanation, points = 1) => ({
  question_type: 'multiple_choice',
  subject,
  difficulty,
  question_text,
  options,
  correct_answer,
  explanation,
  points,
});
const tf = (subject, difficulty, question_text, correct, explanation, points = 1) => ({
  question_type: 'true_false',
  subject,
  difficulty,
  question_text,
  options: ['True', 'False'],
  correct_answer: correct ? 'True' : 'False',
  explanation,
  points,
});
const sa = (subject, difficulty, question_text, correct_answer, explanation, points = 1) => ({
  question_type: 'short_answer',
  subject,
  difficulty,
  question_text,
  options: [],
  correct_answer,
  explanation,
  points,
});
/** An essay is graded by hand: correct_answer is the model answer; `demo_answer` is what the demo learner writes. */
const essay = (subject, difficulty, question_text, correct_answer, explanation, demo_answer, points = 2) => ({
  question_type: 'essay',
  subject,
  difficulty,
  question_text,
  options: [],
  correct_answer,
  explanation,
  points,
  demo_answer,
});

/**
 * The demo instructor's assessments. `course`: a demo course title (null: a mock test open to
 * everyone). Titles are the identity the seed checks for, so renaming one here creates a new one.
 */
export const demoAssessments = [
  {
    course: 'Python for Beginners',
    route: 'createQuiz',
    title: 'Python Basics Check',
    description: 'Six quick questions on variables, types and loops from the first lessons.',
    test_mode: 'practice',
    time_limit: 15,
    passing_score: 70,
    subject: 'programming',
    difficulty: 'easy',
    max_attempts: 3,
    allow_multiple_attempts: true,
    is_published: true,
    instructions: 'Answer every question; you can retake the quiz if you do not pass.',
    questions: [
      mc(
        'programming',
        'easy',
        'Which of these creates a variable named age holding the number 30?',
        ['age = 30', 'int age := 30', 'let age == 30', 'age -> 30'],
        'age = 30',
        'Python assigns with a single = and needs no type declaration.',
      ),
      tf(
        'programming',
        'easy',
        'In Python, "5" + 5 evaluates to 10.',
        false,
        'Adding a str and an int raises a TypeError; convert first, e.g. int("5") + 5.',
      ),
      sa(
        'programming',
        'easy',
        'Which built-in function prints text to the screen?',
        'print',
        'print() writes its arguments to standard output.',
      ),
      mc(
        'programming',
        'medium',
        'What does range(2, 8, 2) produce?',
        ['2, 4, 6', '2, 4, 6, 8', '2, 8', '4, 6, 8'],
        '2, 4, 6',
        'range stops before its end value: 2, 4, 6.',
      ),
      tf(
        'programming',
        'easy',
        'A for loop can iterate directly over the characters of a string.',
        true,
        'Strings are iterable: for ch in "abc" visits a, b and c.',
      ),
      mc(
        'programming',
        'medium',
        'What is the type of the value 3.0?',
        ['int', 'float', 'str', 'decimal'],
        'float',
        'A number written with a decimal point is a float.',
      ),
    ],
  },
  {
    course: 'Python for Beginners',
    route: 'createQuiz',
    title: 'Python Fundamentals Exam',
    description: 'The end-of-course exam: one attempt, 45 minutes, 75% to pass.',
    test_mode: 'exam',
    time_limit: 45,
    passing_score: 75,
    subject: 'programming',
    difficulty: 'medium',
    max_attempts: 1,
    allow_multiple_attempts: false,
    is_published: true,
    instructions: 'One attempt only. The timer starts when you open the exam and keeps running if you leave the page.',
    questions: [
      mc(
        'programming',
        'medium',
        'What does len([1, [2, 3], 4]) return?',
        ['3', '4', '2', 'An error'],
        '3',
        'The nested list counts as a single element.',
      ),
      tf(
        'programming',
        'medium',
        'A function without a return statement returns None.',
        true,
        'Falling off the end of a function returns None.',
      ),
      sa('programming', 'medium', 'Which keyword defines a function?', 'def', 'Functions are introduced with def name(params):'),
      mc(
        'programming',
        'hard',
        'What is printed by: x = [1, 2]; y = x; y.append(3); print(x)?',
        ['[1, 2]', '[1, 2, 3]', '[3]', 'None'],
        '[1, 2, 3]',
        'x and y name the same list object, so appending through y changes x too.',
      ),
      tf(
        'programming',
        'medium',
        'Indentation is only a style choice in Python.',
        false,
        'Indentation defines blocks in Python; wrong indentation is a syntax error.',
      ),
      mc(
        'programming',
        'medium',
        'Which loop runs while a condition stays true?',
        ['for', 'while', 'repeat', 'loop'],
        'while',
        'while repeats its block as long as its condition is true.',
      ),
      sa('programming', 'hard', 'What does the expression 7 // 2 evaluate to?', '3', '// is floor division: 7 / 2 = 3.5, floored to 3.'),
      essay(
        'programming',
        'medium',
        'Explain the difference between a list and a tuple, and when you would use each.',
        'Lists are mutable sequences for collections that change; tuples are immutable, hashable when their items are, and suit fixed records or dictionary keys.',
        'Graded by hand: mutability, hashability and a sensible example of each earn full marks.',
        'A list can change after it is created, a tuple cannot. I would use a list for a shopping list and a tuple for coordinates.',
        3,
      ),
    ],
  },
  {
    course: 'Digital Marketing Essentials',
    route: 'createQuiz',
    title: 'Marketing Foundations Quiz',
    description: 'Positioning and content: check what you took from the two lessons.',
    test_mode: 'practice',
    time_limit: 10,
    passing_score: 70,
    subject: 'business',
    difficulty: 'easy',
    max_attempts: 2,
    allow_multiple_attempts: false,
    is_published: true,
    instructions: 'Five questions, ten minutes, two attempts.',
    questions: [
      mc(
        'business',
        'easy',
        'What does a positioning statement describe first?',
        ['The target audience', 'The logo colours', 'The ad budget', 'The office location'],
        'The target audience',
        'Positioning starts with who the product is for, then why they should care.',
      ),
      tf(
        'business',
        'easy',
        'A call to action should tell the reader exactly what to do next.',
        true,
        'A good CTA is specific: "Start your free trial", not "Click here".',
      ),
      sa('business', 'medium', 'What does the abbreviation CTA stand for?', 'call to action', 'CTA means call to action.'),
      mc(
        'business',
        'medium',
        'Which metric shows the share of visitors who completed a goal?',
        ['Bounce rate', 'Conversion rate', 'Impressions', 'Reach'],
        'Conversion rate',
        'Conversion rate = goal completions / visitors.',
      ),
      tf(
        'business',
        'easy',
        'Publishing irregularly builds an audience faster than a steady rhythm.',
        false,
        'A predictable publishing rhythm builds habits and trust.',
      ),
    ],
  },
  {
    course: 'Digital Marketing Essentials',
    route: 'createQuiz',
    title: 'Campaign Metrics Quiz',
    description: 'Work in progress: not visible to learners until published.',
    test_mode: 'practice',
    time_limit: 0,
    passing_score: 70,
    subject: 'business',
    difficulty: 'medium',
    max_attempts: 3,
    allow_multiple_attempts: true,
    is_published: false,
    instructions: '',
    questions: [
      mc(
        'business',
        'medium',
        'What does CTR measure?',
        ['Clicks per impression', 'Cost per sale', 'Revenue per visitor', 'Followers per post'],
        'Clicks per impression',
        'Click-through rate is clicks divided by impressions.',
      ),
      tf('business', 'medium', 'Return on ad spend is revenue divided by ad cost.', true, 'ROAS = revenue attributable to ads / ad spend.'),
    ],
  },
  {
    course: null,
    route: 'createMockTest',
    title: 'Mathematics & Science Mock Test',
    description: 'A mixed mock test: algebra, geometry, physics and biology at secondary-school level.',
    test_mode: 'exam',
    time_limit: 30,
    passing_score: 70,
    subject: 'mathematics',
    difficulty: 'medium',
    max_attempts: 3,
    allow_multiple_attempts: true,
    is_published: true,
    instructions: 'Twelve questions in 30 minutes. Flag the ones you want to come back to; your answers are saved as you go.',
    questions: [
      mc('mathematics', 'easy', 'Solve for x: 2x + 6 = 14.', ['2', '4', '6', '8'], '4', 'Subtract 6 (2x = 8), then divide by 2.'),
      mc(
        'mathematics',
        'medium',
        'What is the area of a circle with radius 3 (in terms of π)?',
        ['6π', '9π', '3π', '12π'],
        '9π',
        'Area = πr² = π · 3² = 9π.',
      ),
      tf(
        'mathematics',
        'easy',
        'The sum of the interior angles of a triangle is 180 degrees.',
        true,
        "Every Euclidean triangle's angles add up to 180°.",
      ),
      sa('mathematics', 'medium', 'What is 15% of 80?', '12', '0.15 × 80 = 12.'),
      mc(
        'mathematics',
        'hard',
        'Which is a solution of x² − 5x + 6 = 0?',
        ['x = 1', 'x = 3', 'x = 5', 'x = 6'],
        'x = 3',
        'x² − 5x + 6 = (x − 2)(x − 3), so x = 2 or x = 3.',
      ),
      tf('mathematics', 'medium', 'Every prime number is odd.', false, '2 is prime and even.'),
      sa('mathematics', 'easy', 'What is the square root of 144?', '12', '12 × 12 = 144.'),
      mc(
        'science',
        'easy',
        'What is the chemical symbol of water?',
        ['H2O', 'O2', 'CO2', 'HO'],
        'H2O',
        'Two hydrogen atoms and one oxygen atom.',
      ),
      tf(
        'science',
        'easy',
        'Sound travels faster than light.',
        false,
        'Light travels at about 300,000 km/s; sound at about 343 m/s in air.',
      ),
      mc(
        'science',
        'medium',
        "Which organelle produces most of a cell's energy?",
        ['Nucleus', 'Mitochondrion', 'Ribosome', 'Golgi apparatus'],
        'Mitochondrion',
        'Mitochondria make ATP through cellular respiration.',
      ),
      sa('science', 'medium', 'What force pulls objects toward the Earth?', 'gravity', 'Gravity attracts masses toward each other.'),
      essay(
        'science',
        'medium',
        'Describe what happens during photosynthesis.',
        'Plants use light energy to turn carbon dioxide and water into glucose and oxygen, in the chloroplasts.',
        'Graded by hand: inputs, outputs, energy source and where it happens.',
        'Plants take in carbon dioxide and water and use sunlight to make glucose, releasing oxygen.',
        2,
      ),
    ],
  },
  {
    course: null,
    route: 'createMockTest',
    title: 'English & History Mock Test',
    description: 'Grammar, vocabulary and the key events of modern history.',
    test_mode: 'exam',
    time_limit: 25,
    passing_score: 70,
    subject: 'english',
    difficulty: 'medium',
    max_attempts: 3,
    allow_multiple_attempts: true,
    is_published: true,
    instructions: 'Ten questions in 25 minutes.',
    questions: [
      mc(
        'english',
        'easy',
        'Choose the correct sentence.',
        ["She don't like tea.", "She doesn't like tea.", 'She not like tea.', "She doesn't likes tea."],
        "She doesn't like tea.",
        'Third person singular takes "doesn\'t" followed by the base verb.',
      ),
      mc(
        'english',
        'medium',
        'What is a synonym of "rapid"?',
        ['Slow', 'Quick', 'Late', 'Heavy'],
        'Quick',
        '"Rapid" and "quick" both mean fast.',
      ),
      tf(
        'english',
        'easy',
        '"Their", "there" and "they\'re" are interchangeable.',
        false,
        'They are homophones with different meanings: possession, place, "they are".',
      ),
      sa('english', 'medium', 'What is the past tense of "go"?', 'went', '"Go" is irregular: go, went, gone.'),
      mc(
        'english',
        'medium',
        'Which word is an adverb in "She sings beautifully"?',
        ['She', 'sings', 'beautifully', 'None'],
        'beautifully',
        'Adverbs describe how an action is done.',
      ),
      mc(
        'history',
        'easy',
        'In which year did World War II end?',
        ['1918', '1939', '1945', '1950'],
        '1945',
        'The war ended in 1945 with the surrenders of Germany (May) and Japan (September).',
      ),
      tf('history', 'medium', 'The Berlin Wall fell in 1989.', true, 'The wall opened on 9 November 1989.'),
      sa(
        'history',
        'medium',
        'Who was the first President of the United States?',
        'George Washington',
        'George Washington served from 1789 to 1797.',
      ),
      mc(
        'history',
        'hard',
        'Which document was signed in 1215 and limited the power of the English king?',
        ['Magna Carta', 'Bill of Rights', 'Treaty of Versailles', 'Domesday Book'],
        'Magna Carta',
        'King John sealed the Magna Carta at Runnymede in 1215.',
      ),
      essay(
        'history',
        'medium',
        'Why did the Industrial Revolution begin in Britain? Give two reasons.',
        'Coal and iron deposits, capital from trade, colonial markets, new inventions and an agricultural revolution freeing labour.',
        'Graded by hand: any two well-explained reasons earn full marks.',
        'Britain had a lot of coal and money from trade to invest in factories.',
        2,
      ),
    ],
  },
  {
    course: null,
    route: 'createMockTest',
    title: 'Programming & Business Mock Test',
    description: 'Core programming concepts and the business basics every developer meets.',
    test_mode: 'exam',
    time_limit: 30,
    passing_score: 65,
    subject: 'programming',
    difficulty: 'medium',
    max_attempts: 2,
    allow_multiple_attempts: false,
    is_published: true,
    instructions: 'Nine questions in 30 minutes; two attempts.',
    questions: [
      mc(
        'programming',
        'medium',
        'What is the time complexity of binary search on a sorted array?',
        ['O(n)', 'O(log n)', 'O(n log n)', 'O(1)'],
        'O(log n)',
        'Each step halves the remaining range.',
      ),
      tf(
        'programming',
        'easy',
        'A variable declared with const in JavaScript can never be reassigned.',
        true,
        'const forbids reassignment (an object it holds can still change).',
      ),
      sa(
        'programming',
        'medium',
        'Which data structure works first-in, first-out?',
        'queue',
        'A queue removes items in the order they were added.',
      ),
      mc(
        'programming',
        'medium',
        'Which HTTP status code means "Not Found"?',
        ['200', '301', '404', '500'],
        '404',
        '404 means the server has no resource at that address.',
      ),
      tf(
        'programming',
        'medium',
        'Git commits store only the lines that changed.',
        false,
        'Git stores snapshots of the tree; diffs are computed when shown.',
      ),
      mc(
        'business',
        'easy',
        'What is revenue minus costs?',
        ['Turnover', 'Profit', 'Cash flow', 'Equity'],
        'Profit',
        'Profit is what remains of revenue after costs.',
      ),
      tf('business', 'medium', "A startup's burn rate is how fast it spends cash.", true, 'Burn rate is net cash spent per month.'),
      sa(
        'business',
        'medium',
        'What does the abbreviation B2B stand for?',
        'business to business',
        'B2B companies sell to other businesses.',
      ),
      essay(
        'business',
        'hard',
        'How would you decide whether to build a feature or buy an existing tool?',
        'Compare total cost of ownership, time to market, how core the feature is to the product, and the risks of depending on a vendor.',
        'Graded by hand: cost, time, strategic fit and risk.',
        'I would compare what it costs to build and maintain with the subscription price, and build it only if it is core to the product.',
        2,
      ),
    ],
  },
];

/**
 * The demo learner's attempts, in order. `wrong`: how many of the gradable questions she gets
 * wrong (essays are always answered and wait for manual grading, counting 0 until then). The server
 * grades, so passed/failed follows from the answers. A quiz's attempts already made are
 * skipped: the n-th entry of a quiz runs only while she has fewer than n attempts on it.
 */
export const demoAttempts = [
  { title: 'Python Basics Check', wrong: 3 },
  { title: 'Python Basics Check', wrong: 0 },
  { title: 'Marketing Foundations Quiz', wrong: 3 },
  { title: 'Mathematics & Science Mock Test', wrong: 1, flag: true },
  { title: 'English & History Mock Test', wrong: 5, flag: true },
];

/**
 * Seconds the demo learner spends on an attempt: 40 to 90 per question (varied, but the same on
 * every seeding), kept under 80% of the time limit so no attempt runs out of time.
 */
export function demoAttemptSeconds(attemptIndex, questionCount, timeLimitMinutes) {
  let total = 0;
  for (let q = 0; q < questionCount; q++) total += 40 + ((attemptIndex * 37 + q * 13) % 51);
  return timeLimitMinutes > 0 ? Math.min(total, Math.floor(timeLimitMinutes * 60 * 0.8)) : total;
}

const DAY_MS = 86_400_000;
/** Assignments of a demo course, with what the demo learner and instructor did. Due dates are relative to the first seeding. */
export const demoAssignments = [
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

const ASSIGNMENT_COURSE = 'Python for Beginners';

/** A wrong answer of the same type, so the server grades it incorrect. */
function wrongAnswer(q) {
  if (q.question_type === 'true_false') return q.correct_answer === 'True' ? 'False' : 'True';
  if (q.question_type === 'multiple_choice') return q.options.find((o) => o !== q.correct_answer);
  return 'I am not sure';
}

/**
 * Answers keyed by question id: the taker view's questions matched to the seed's by their text.
 * The `wrong` mistakes are spread evenly over the gradable questions (so over their subjects).
 */
function answersFor(def, takerQuestions, wrong) {
  const byText = new Map(def.questions.map((q) => [q.question_text, q]));
  const gradable = def.questions.filter((q) => q.question_type !== 'essay');
  const missed = new Set(
    gradable.filter((_, i) => Math.floor(((i + 1) * wrong) / gradable.length) > Math.floor((i * wrong) / gradable.length)),
  );
  const answers = {};
  for (const tq of takerQuestions) {
    const q = byText.get(tq.question_text);
    if (!q) throw new SeedError(`assessment: "${def.title}" has a question the seed does not know: ${tq.question_text}`);
    if (q.question_type === 'essay') answers[tq.id] = q.demo_answer;
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
export async function seedAssessment(ctx) {
  const { instructor, learner } = ctx.users;
  if (!instructor || !learner || !ctx.courses) throw new SeedError('assessment: the identity and catalog demo data are missing');
  const { assessmentRoutes: r, assessmentInternal } = await import('@lp/contracts');
  const asInstructor = { userId: instructor.id, role: 'instructor', sessionId: 'seed-instructor', institutionId: null };
  const asLearner = { userId: learner.id, role: 'learner', sessionId: 'seed-learner', institutionId: null };
  // catalog's courses and enrollments reach assessment through events: wait for them
  const eventually = { retryCodes: ['COURSE_NOT_FOUND', 'NOT_ENROLLED'] };

  // --- assessments
  const mine = await ctx.call(r.myQuizzes, {}, asInstructor);
  const quizzes = {};
  for (const def of demoAssessments) {
    const courseId = def.course ? ctx.courses[def.course]?.id : null;
    if (def.course && !courseId) throw new SeedError(`assessment: demo course "${def.course}" is missing`);
    let quiz = mine.find((q) => q.title === def.title && q.course_id === courseId);
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
    quizzes[def.title] = { id: quiz.id, def };
    ctx.log(`assessment: ${quiz.kind} "${def.title}"${def.is_published ? '' : ' (draft)'} ${created ? 'created' : 'already there'}`);
  }

  // --- the learner's attempts
  const attempts = await ctx.call(r.learnerAttempts, {}, asLearner);
  const seen = {};
  // the seed answers in milliseconds: the session's start moves back first, so the server times it like a learner
  const takeTime = (index, sessionId, questionCount, def) =>
    ctx.request(assessmentInternal.backdateSession.subject, {
      session_id: sessionId,
      seconds: demoAttemptSeconds(index, questionCount, def.time_limit),
    });
  for (const [index, a] of demoAttempts.entries()) {
    const { id, def } = quizzes[a.title];
    seen[id] = (seen[id] ?? 0) + 1;
    if (attempts.filter((x) => x.quiz_id === id).length >= seen[id]) continue;
    let result;
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

  // --- assignments
  const courseId = ctx.courses[ASSIGNMENT_COURSE].id;
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
    if (def.grade && submission.status !== 'graded') {
      const graded = await ctx.call(r.gradeSubmission, { params: { id: submission.id }, body: def.grade }, asInstructor);
      ctx.log(`assessment: "${def.title}" graded ${graded.grade}/${def.max_points}`);
    }
  }
}

// ------------------------------------------------------------------ billing

/**
 * Pricing plans, two per user type (names are the identity the seed checks for). Prices are
 * USD; limits left out are unlimited. Features are among PLAN_FEATURES of their user type.
 */
export const demoPlans = [
  {
    name: 'Starter',
    user_type: 'instructor',
    price: 9.99,
    billing_cycle: 'monthly',
    description: 'Publish paid courses and build quizzes: for instructors starting out.',
    features: [
      'Publish paid courses',
      'Quiz and exam builder',
      'Assignments and grading',
      'Student messaging',
      'Certificates of completion',
    ],
    limits: { max_courses: 10 },
    is_featured: false,
  },
  {
    name: 'Professional',
    user_type: 'instructor',
    price: 29.99,
    billing_cycle: 'monthly',
    description: 'Unlimited courses, analytics, the AI exam generator and a featured listing.',
    features: [
      'Publish paid courses',
      'Quiz and exam builder',
      'Assignments and grading',
      'Course analytics',
      'Student messaging',
      'Certificates of completion',
      'AI exam generator',
      'Bulk lesson upload',
      'Featured marketplace listing',
      'Revenue reports',
      'Priority support',
    ],
    limits: {},
    is_featured: true,
  },
  {
    name: 'Basic',
    user_type: 'mentor',
    price: 14.99,
    billing_cycle: 'monthly',
    description: 'A public profile and paid one-to-one sessions on your own schedule.',
    features: ['Public mentor profile', 'Paid one-to-one sessions', 'Weekly availability schedule', 'Session notes', 'Video meeting links'],
    limits: { max_sessions_per_month: 20 },
    is_featured: false,
  },
  {
    name: 'Pro',
    user_type: 'mentor',
    price: 39.99,
    billing_cycle: 'monthly',
    description: 'Unlimited sessions, mentee tracking, business insights and a featured listing.',
    features: [
      'Public mentor profile',
      'Paid one-to-one sessions',
      'Weekly availability schedule',
      'Time-off management',
      'Session notes',
      'Mentee progress tracking',
      'Resource library',
      'Business insights',
      'Video meeting links',
      'Featured mentor listing',
      'Earnings reports',
    ],
    limits: {},
    is_featured: true,
  },
  {
    name: 'Campus',
    user_type: 'institution',
    price: 199,
    billing_cycle: 'monthly',
    description: 'An institution portal for one campus: members, bulk enrollment and analytics.',
    features: ['Institution portal', 'Member management', 'Bulk CSV enrollment', 'Institution analytics', 'Faculty accounts'],
    limits: { max_students: 1000, max_faculty: 50 },
    is_featured: false,
  },
  {
    name: 'Enterprise',
    user_type: 'institution',
    price: 499,
    billing_cycle: 'monthly',
    description: 'Subsidiaries, API keys, white-label branding and dedicated support for large institutions.',
    features: [
      'Institution portal',
      'Member management',
      'Bulk CSV enrollment',
      'Subsidiaries and hierarchy',
      'Institution analytics',
      'API keys',
      'White-label branding',
      'Custom subdomain',
      'Sub-leasing plans',
      'Cascade settings',
      'Faculty accounts',
      'Dedicated support',
    ],
    limits: { max_students: 10000, max_faculty: 500 },
    is_featured: true,
  },
];

/**
 * Demo wallets: one deposit each (`billing.seed.wallet` makes it once per user and description).
 * It is not real money: it comes in through the demo provider's clearing, so the ledger marks it
 * demo funds (spendable; withdrawable only on the demo payout rail, which development uses).
 */
export const demoWallets = [
  { role: 'learner', currency: 'USD', amount: 250, description: 'Wallet top-up via telebirr' },
  { role: 'learner', currency: 'ETB', amount: 1500, description: 'Wallet top-up via telebirr (birr)' },
  { role: 'instructor', currency: 'USD', amount: 40, description: 'Wallet top-up via telebirr' },
  { role: 'mentor', currency: 'USD', amount: 60, description: 'Wallet top-up via telebirr' },
  { role: 'institution', currency: 'USD', amount: 500, description: 'Wallet top-up via telebirr' },
];

/** The paid demo course the demo learner buys from her wallet (the catalog seed does not enroll her in it). */
const PURCHASED_COURSE = 'Modern Web Development with React';
/** The plan the demo instructor is subscribed to. */
const INSTRUCTOR_PLAN = 'Starter';
/** The demo learner's withdrawal of demo funds (the worker's payout job completes it on the demo rail, development's default for telebirr). */
const DEMO_WITHDRAWAL = {
  amount: 25,
  currency: 'USD',
  method: 'mobile_money',
  account_details: { provider: 'telebirr', phone_number: '+251911234567' },
};

/**
 * billing: pricing plans for every user type (as the demo admin), the demo wallets, the demo
 * learner's purchase of a paid course from her wallet (the instructor's revenue share; catalog
 * enrolls her from the payment event), the demo instructor on the Starter plan, and a
 * withdrawal of the learner's paid out by the worker. Each step reads first (plans, the
 * current subscription, the transactions) or is idempotent (seed deposits by description,
 * payments by a fixed Idempotency-Key), so seeding twice changes nothing.
 */
export async function seedBilling(ctx) {
  const { admin, learner, instructor } = ctx.users;
  const course = ctx.courses?.[PURCHASED_COURSE];
  if (!admin || !learner || !instructor || !course) throw new SeedError('billing: the identity and catalog demo data are missing');
  const { billingRoutes: r, toMinor } = await import('@lp/contracts');
  const as = (role) => ({ userId: ctx.users[role].id, role, sessionId: `seed-${role}`, institutionId: null });

  // --- pricing plans
  const grouped = await ctx.call(r.adminPricingPlans, {}, as('admin'));
  const plans = {};
  for (const def of demoPlans) {
    let plan = grouped[def.user_type].find((p) => p.name === def.name);
    const created = !plan;
    if (!plan) plan = await ctx.call(r.createPricingPlan, { body: def }, as('admin'));
    plans[`${def.user_type}:${def.name}`] = plan;
    ctx.log(`billing: ${def.user_type} plan "${def.name}" ($${def.price}/${def.billing_cycle}) ${created ? 'created' : 'already there'}`);
  }

  // --- wallets
  for (const w of demoWallets) {
    const user = ctx.users[w.role];
    const { balance_minor } = await ctx.request('billing.seed.wallet', {
      user_id: user.id,
      currency: w.currency,
      deposit_minor: toMinor(w.amount, w.currency),
      description: w.description,
    });
    ctx.log(
      `billing: ${user.email} deposit "${w.description}" (${w.currency} ${w.amount}, made once): balance now ${w.currency} ${(balance_minor / 100).toFixed(2)}`,
    );
  }

  // --- the learner buys a paid course from her wallet (read first; the fixed key covers a retried run)
  const { transactions } = await ctx.call(r.transactions, { query: { limit: 100 } }, as('learner'));
  const bought = transactions.find(
    (t) => t.type === 'payment' && t.item_type === 'course' && t.item_id === course.id && t.status === 'completed',
  );
  if (bought) ctx.log(`billing: ${learner.email} already bought "${PURCHASED_COURSE}"`);
  else {
    try {
      const paid = await ctx.call(
        r.initiatePayment,
        {
          body: { payment_method: 'wallet', item_type: 'course', item_id: course.id },
          headers: { 'idempotency-key': `seed-paid-course-${course.id}` },
        },
        as('learner'),
      );
      ctx.log(
        `billing: ${learner.email} bought "${PURCHASED_COURSE}" from her wallet ($${paid.amount}, ${paid.status}); ${instructor.email} earns his share`,
      );
    } catch (e) {
      if (!(e instanceof SeedError) || !['ALREADY_ENROLLED', 'ALREADY_PAID'].includes(e.code)) throw e;
      ctx.log(`billing: ${learner.email} already in "${PURCHASED_COURSE}": not bought again`);
    }
  }

  // --- the instructor on the Starter plan (a plan chosen since, in the app, is left as it is)
  const { subscription } = await ctx.call(r.currentSubscription, {}, as('instructor'));
  const starter = plans[`instructor:${INSTRUCTOR_PLAN}`];
  if (subscription) {
    ctx.log(`billing: ${instructor.email} already subscribed to "${subscription.plan.name}" (${subscription.status})`);
  } else {
    const reply = await ctx.call(
      r.subscribe,
      {
        body: { plan_id: starter.id, payment_method: 'wallet' },
        headers: { 'idempotency-key': `seed-subscribe-${starter.id}-${new Date().toISOString().slice(0, 10)}` },
      },
      as('instructor'),
    );
    ctx.log(`billing: ${instructor.email} subscribed to "${INSTRUCTOR_PLAN}" from his wallet (${reply.status})`);
  }

  // --- a withdrawal of the learner's, once (the worker's payout job completes it)
  const prior = transactions.find((t) => t.type === 'withdrawal');
  if (prior) {
    ctx.log(`billing: ${learner.email} withdrawal "${prior.description}" already there (${prior.status})`);
  } else {
    const { transaction_id } = await ctx.call(
      r.withdraw,
      { body: DEMO_WITHDRAWAL, headers: { 'idempotency-key': `seed-withdrawal-${learner.id}` } },
      as('learner'),
    );
    // the payout runs in the worker: say how far it got, without waiting on it for long
    let status = 'pending';
    for (let i = 0; i < 20 && status === 'pending'; i++) {
      await new Promise((res) => setTimeout(res, 250));
      status = (await ctx.call(r.payment, { params: { id: transaction_id } }, as('learner'))).status;
    }
    ctx.log(
      `billing: ${learner.email} withdrew $${DEMO_WITHDRAWAL.amount} to telebirr (${status === 'pending' ? 'pending: the worker pays it out' : status})`,
    );
  }
}

// ------------------------------------------------------------------ community
/** Demo study groups: public and private, several categories, members of every role, a full one. */
const demoGroups = [
  {
    owner: 'learner',
    def: {
      name: 'Python Study Circle',
      description: 'We work through Python exercises together every week and help each other with the tricky parts.',
      category: 'programming_development',
      max_members: 30,
      privacy: 'public',
    },
    joiners: ['instructor', 'mentor'],
    moderator: 'mentor',
    messages: [
      ['learner', 'Welcome, everyone! This week we tackle list comprehensions.'],
      ['instructor', 'Tip: try rewriting one of your for-loops as a comprehension and compare.'],
      ['mentor', 'I can host a short Q&A on Thursday if people are interested.'],
    ],
    posts: [
      [
        'learner',
        {
          title: 'Share your favourite Python resources',
          content: 'Books, videos, blogs: what helped you the most when you started? I will collect the answers into a list for the group.',
          category: 'study_tips',
          post_type: 'discussion',
        },
      ],
      [
        'mentor',
        {
          title: 'Why does my loop skip items when I remove them?',
          content:
            'Removing items from a list while iterating over it shifts the indexes, so the loop skips the next element. Iterate over a copy or build a new list instead.',
          category: 'technical',
          post_type: 'question',
        },
      ],
    ],
    event: [
      'mentor',
      {
        title: 'Weekly problem-solving session',
        inDays: 5,
        time: '18:00',
        meeting_link: 'https://meet.jit.si/lp-python-study-circle',
        description: 'Bring a problem you are stuck on; we solve it together.',
      },
    ],
    file: [
      'learner',
      'python-cheat-sheet.txt',
      'Python cheat sheet\n\nprint(), len(), range(), enumerate(), zip()\nList comprehension: [x * 2 for x in items if x > 0]\n',
    ],
  },
  {
    owner: 'instructor',
    def: {
      name: 'Data Science Journal Club',
      description: 'A private reading group: one data-science paper a fortnight, discussed in depth.',
      category: 'data_science_analytics',
      max_members: 12,
      privacy: 'private',
    },
    invite: { role: 'learner', message: 'Lena, you asked about data science papers: join us!' },
    pendingInvite: { email: 'a.friend@example.com', message: 'We would love to have you in the journal club.' },
    messages: [['instructor', 'Next paper: "Attention Is All You Need". Read sections 1-3 before we meet.']],
    posts: [],
  },
  {
    owner: 'mentor',
    def: {
      name: 'Career Changers',
      description: 'For people moving into tech from another field: CVs, interviews and first jobs.',
      category: 'career_development',
      max_members: 5,
      privacy: 'public',
    },
    joiners: ['learner'],
    testMembers: true,
    messages: [['mentor', 'Introduce yourselves: what did you do before, and where do you want to go?']],
    posts: [],
  },
  {
    owner: 'instructor',
    def: {
      name: 'Spanish Conversation Club',
      description: 'Practise speaking Spanish in a relaxed setting: a topic a week, all levels welcome.',
      category: 'language_learning',
      max_members: 20,
      privacy: 'public',
    },
    joiners: ['mentor'],
    messages: [['instructor', '¡Hola a todos! This week: talk about your favourite food in Spanish.']],
    posts: [
      [
        'mentor',
        {
          title: 'Ser or estar?',
          content: 'A short rule of thumb: ser for what something is, estar for how or where it is. Share your own tricks below.',
          category: 'study_tips',
          post_type: 'discussion',
        },
      ],
    ],
  },
];

/** Demo Q&A: questions with answers, votes and an accepted answer, a discussion, an unanswered question. */
const demoQuestions = [
  {
    author: 'learner',
    def: {
      title: 'How do I reverse a list in Python?',
      content:
        'I have a list of numbers and want it in the opposite order. Should I use reverse(), reversed() or slicing, and what is the difference?',
      category: 'programming',
      tags: ['python', 'lists'],
      post_type: 'question',
    },
    answers: [
      [
        'instructor',
        'list.reverse() reverses in place and returns None; reversed(xs) gives an iterator; xs[::-1] makes a reversed copy. Use reverse() when you no longer need the original order.',
      ],
      ['mentor', 'If you only need to loop backwards, reversed(xs) avoids copying the list.'],
    ],
    accept: 0,
    upvotes: { question: ['mentor', 'instructor'], answers: [['learner', 'mentor'], ['learner']] },
  },
  {
    author: 'mentor',
    def: {
      title: 'What are you learning this month?',
      content:
        'Share what you are studying right now and one thing you found surprising. I will start: I am learning Rust and the borrow checker is stricter than I expected.',
      category: 'general',
      tags: ['learning'],
      post_type: 'discussion',
    },
    answers: [['learner', 'React 19 and its new form actions: much less boilerplate than I thought.']],
    upvotes: { question: ['learner'], answers: [['mentor']] },
  },
  {
    author: 'learner',
    def: {
      title: 'Is there an intuitive way to understand eigenvectors?',
      content: 'I can compute them, but I do not see what they mean. Is there a geometric picture that makes it click?',
      category: 'mathematics',
      tags: ['linear-algebra'],
      post_type: 'question',
    },
    answers: [],
    upvotes: { question: ['instructor'], answers: [] },
  },
];

/**
 * community: the demo study groups with members, roles, messages, a file, an event and group
 * posts (one group private, reached through an accepted invitation, with a pending one left
 * for the members panel and the development mailbox; one full of test members), and the Q&A
 * forum's questions with answers, upvotes and an accepted answer. Read first, so seeding twice
 * changes nothing.
 */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function seedCommunity(ctx) {
  const { communityRoutes: r } = await import('@lp/contracts');
  const as = (role) => ({ userId: ctx.users[role].id, role, sessionId: `seed-${role}`, institutionId: null });

  for (const g of demoGroups) {
    const mine = await ctx.call(r.myGroups, {}, as(g.owner));
    let group = mine.created_groups.find((x) => x.name === g.def.name);
    if (group) {
      ctx.log(`community: group "${g.def.name}" already there`);
      continue;
    }
    group = await ctx.call(r.createGroup, { body: g.def }, as(g.owner));
    const params = { id: group.id };
    for (const role of g.joiners ?? []) await ctx.call(r.joinGroup, { params }, as(role));
    if (g.moderator)
      await ctx.call(r.promoteMember, { params, body: { member_id: ctx.users[g.moderator].id, role: 'moderator' } }, as(g.owner));
    if (g.invite) {
      const sent = await ctx.call(
        r.sendInvitation,
        { params, body: { email: ctx.users[g.invite.role].email, message: g.invite.message } },
        as(g.owner),
      );
      const token = sent.invitation_link.split('/').pop();
      await ctx.call(r.acceptInvitation, { params: { token } }, as(g.invite.role));
    }
    if (g.pendingInvite) await ctx.call(r.sendInvitation, { params, body: g.pendingInvite }, as(g.owner));
    for (const [role, content] of g.messages) await ctx.call(r.postGroupMessage, { params, body: { content } }, as(role));
    for (const [role, body] of g.posts) await ctx.call(r.createGroupPost, { params, body }, as(role));
    if (g.event) {
      const [role, e] = g.event;
      const date = new Date(Date.now() + e.inDays * DAY_MS).toISOString().slice(0, 10);
      await ctx.call(
        r.createGroupEvent,
        { params, body: { title: e.title, date, time: e.time, meeting_link: e.meeting_link, description: e.description } },
        as(role),
      );
    }
    if (g.file) {
      const [role, filename, text] = g.file;
      const { LocalFileStore } = await import('@lp/storage');
      const key = `uploads/seed-${group.id}-${filename}`;
      const { size } = await new LocalFileStore(ctx.storageDir).put(key, text);
      await ctx.call(
        r.uploadGroupFile,
        { params, body: { file: { storage_key: key, filename, content_type: 'text/plain', size } } },
        as(role),
      );
    }
    if (g.testMembers) await ctx.call(r.addTestMembers, { params }, as(g.owner));
    const detail = await ctx.call(r.getGroup, { params }, as(g.owner));
    ctx.log(
      `community: ${g.def.privacy} group "${g.def.name}" by ${ctx.users[g.owner].email}: ${detail.member_count}/${detail.max_members} members, ${plural(g.messages.length, 'message')}, ${plural(g.posts.length, 'post')}${g.event ? ', an event' : ''}${g.file ? ', a file' : ''}`,
    );
  }

  const { questions } = await ctx.call(r.listQuestions, { query: { limit: 100 } }, as('learner'));
  for (const q of demoQuestions) {
    if (questions.some((x) => x.title === q.def.title)) {
      ctx.log(`community: question "${q.def.title}" already there`);
      continue;
    }
    const question = await ctx.call(r.askQuestion, { body: q.def }, as(q.author));
    const answers = [];
    for (const [role, content] of q.answers)
      answers.push(await ctx.call(r.postAnswer, { params: { id: question.id }, body: { content } }, as(role)));
    for (const role of q.upvotes.question) await ctx.call(r.upvoteQuestion, { params: { id: question.id } }, as(role));
    for (const [i, voters] of q.upvotes.answers.entries())
      for (const role of voters) await ctx.call(r.upvoteAnswer, { params: { id: answers[i].id } }, as(role));
    if (q.accept !== undefined) await ctx.call(r.acceptAnswer, { params: { id: answers[q.accept].id } }, as(q.author));
    ctx.log(
      `community: ${q.def.post_type} "${q.def.title}" by ${ctx.users[q.author].email}: ${plural(answers.length, 'answer')}${q.accept !== undefined ? ', one accepted' : ''}`,
    );
  }
}

/** The demo institution's tree, top first: each level one organizational level below its parent. */
export const demoInstitution = {
  name: 'Addis Learning Group',
  subdomain: 'addis-learning',
  contact_email: 'office@addis-learning.example',
  contact_phone: '+251 11 555 0100',
  address: 'Bole Road 12, Addis Ababa',
  country: 'Ethiopia',
  registration_number: 'ET-REG-2024-0042',
  tax_id: 'ET-TIN-0099887766',
};
const demoSubsidiaries = [
  { name: 'Addis Campus', subdomain: 'addis-campus', organizational_level: 2, level_type: 'subsidiary', parent: null },
  { name: 'Bole Branch', subdomain: 'bole-branch', organizational_level: 3, level_type: 'branch', parent: 'Addis Campus' },
  {
    name: 'Bole Computing Department',
    subdomain: 'bole-computing',
    organizational_level: 4,
    level_type: 'department',
    parent: 'Bole Branch',
  },
];
const demoInstitutionCourses = [
  {
    title: 'Digital Literacy for Staff',
    description: 'Office tools, e-mail etiquette and safe browsing for every new member of staff.',
    price: 0,
    category: 'programming',
    level: 'beginner',
    is_published: true,
  },
  {
    title: 'Introduction to Data Analysis',
    description: 'Spreadsheets, charts and a first look at Python for the analysis of campus data.',
    price: 0,
    category: 'data-science',
    level: 'beginner',
    is_published: true,
  },
];
const demoBulkCsv = [
  'email,name,role',
  'student.meron@learnhub.local,Meron Student,student',
  'student.yonas@learnhub.local,Yonas Student,student',
  'student.liya@learnhub.local,Liya Student,student',
  'not-an-email,Broken Row,student',
  'teacher.kebede@learnhub.local,Kebede Teacher,faculty',
].join('\n');

/**
 * institution: the demo institution user's verified institution with three levels of
 * subsidiaries, students and faculty (found or made by identity), a sub-leasing plan, a paid
 * tier with API access and an API key (its value printed once, when made), a bulk CSV import
 * with one bad row, two institution courses with enrollments; and a pending institution for the
 * admin to verify. Read first, so a second run changes nothing.
 */
export async function seedInstitution(ctx) {
  const { institutionRoutes: r, catalogRoutes, billingInternal } = await import('@lp/contracts');
  const ada = ctx.users.institution;
  const asAda = (institutionId = null) => ({ userId: ada.id, role: 'institution', sessionId: 'seed-institution', institutionId });
  const asAdmin = { userId: ctx.users.admin.id, role: 'admin', sessionId: 'seed-admin', institutionId: null };
  const mine = async () => {
    try {
      return await ctx.call(r.me, {}, asAda());
    } catch (e) {
      if (e.code === 'NO_INSTITUTION') return null;
      throw e;
    }
  };
  let inst = await mine();
  if (!inst) {
    inst = await ctx.call(r.onboard, { body: demoInstitution }, asAda());
    ctx.log(`institution: ${ada.email} onboarded "${inst.name}" (${inst.subdomain})`);
  }
  if (inst.verification_status === 'pending') {
    inst = await ctx.call(
      r.verify,
      { params: { id: inst.id }, body: { status: 'verified', notes: 'Registration and tax papers checked (demo)' } },
      asAdmin,
    );
    ctx.log(`institution: "${inst.name}" verified by ${ctx.users.admin.email}`);
  }
  const id = inst.id;
  const as = asAda(id);

  // a paid tier with API access, paid from the wallet in birr
  const { tiers } = await ctx.call(r.tiers, {}, as);
  const paid = tiers.filter((t) => t.api_access && t.price_monthly_minor > 0).sort((a, b) => a.display_order - b.display_order)[0];
  if (paid && inst.subscription_tier_name !== paid.tier_name) {
    await ctx.request(billingInternal.seedWallet.subject, {
      user_id: ada.id,
      currency: 'ETB',
      deposit_minor: paid.price_monthly_minor,
      description: 'Wallet top-up in birr via telebirr (institution plan)',
    });
    const up = await ctx.call(
      r.upgrade,
      { params: { id }, body: { tier_id: paid.id, billing_cycle: 'monthly', payment_method: 'wallet' } },
      as,
    );
    ctx.log(`institution: upgraded to ${paid.display_name} (${up.status})`);
  }

  // three levels of subsidiaries below the top institution
  const subsidiaries = (await ctx.call(r.listSubsidiaries, { params: { id } }, as)).subsidiaries;
  const byName = new Map(subsidiaries.map((x) => [x.name, x]));
  for (const sub of demoSubsidiaries) {
    if (byName.has(sub.name)) continue;
    const parent = sub.parent ? byName.get(sub.parent) : inst;
    const made = await ctx.call(
      r.createSubsidiary,
      {
        params: { id },
        body: {
          name: sub.name,
          subdomain: sub.subdomain,
          organizational_level: sub.organizational_level,
          level_type: sub.level_type,
          parent_institution_id: parent.id,
          inherit_branding: true,
        },
      },
      as,
    );
    byName.set(sub.name, made);
    ctx.log(`institution: subsidiary "${made.name}" (${sub.level_type}, level ${sub.organizational_level}) under "${parent.name}"`);
  }

  // students and faculty: the demo learners, the demo instructor. Membership is by consent
  // (issue 24, item 3): Ada invites each of them, and each accepts the invitation as themself
  const { members } = await ctx.call(r.listMembers, { params: { id }, query: {} }, as);
  const have = new Set(members.map((m) => m.user.email));
  const mentee = async (email) => {
    const m = demoMentees.find((x) => x.email === email);
    return (await ctx.request('identity.seed.ensure-user', { email, name: m.name, password: DEMO_PASSWORD, role: 'learner' })).id;
  };
  const people = [
    { email: ctx.users.learner.email, member_type: 'student', userId: async () => ctx.users.learner.id, role: 'learner' },
    { email: 'learner.abel@learnhub.local', member_type: 'student', userId: () => mentee('learner.abel@learnhub.local'), role: 'learner' },
    { email: 'learner.hana@learnhub.local', member_type: 'student', userId: () => mentee('learner.hana@learnhub.local'), role: 'learner' },
    { email: ctx.users.instructor.email, member_type: 'faculty', userId: async () => ctx.users.instructor.id, role: 'instructor' },
  ];
  for (const p of people.filter((x) => !have.has(x.email))) {
    await ctx.call(r.addMember, { params: { id }, body: { email: p.email, member_type: p.member_type, create_account: false } }, as);
    const asPerson = { userId: await p.userId(), role: p.role, sessionId: `seed-${p.email}`, institutionId: null };
    const { invitations } = await ctx.call(r.myInvitations, {}, asPerson);
    const invitation = invitations.find((i) => i.institution_id === id);
    if (!invitation) throw new SeedError(`institution: no invitation reached ${p.email}`);
    await ctx.call(r.acceptInvitation, { params: { invitationId: invitation.id } }, asPerson);
    ctx.log(`institution: ${p.email} invited as ${p.member_type} and accepted`);
  }

  // a sub-leasing plan
  const { plans } = await ctx.call(r.listPlans, { params: { id } }, as);
  if (!plans.some((p) => p.name === 'Campus Student Plan')) {
    await ctx.call(
      r.createPlan,
      {
        params: { id },
        body: {
          name: 'Campus Student Plan',
          description: 'Every institution course for one semester',
          price: 1500,
          currency: 'ETB',
          billing_period: 'semester',
          member_type: 'student',
          features: ['All institution courses', 'Certificates', 'Mentoring discounts'],
          is_featured: true,
        },
      },
      as,
    );
    ctx.log('institution: sub-leasing plan "Campus Student Plan" (1,500 ETB a semester)');
  }

  // institution courses (the session scoped to the institution makes them its own) and enrollments
  const list = await ctx.call(catalogRoutes.institutionCourses, {}, as);
  const students = (await ctx.call(r.listMembers, { params: { id }, query: { member_type: 'student' } }, as)).members;
  for (const c of demoInstitutionCourses) {
    let course = list.find((x) => x.title === c.title);
    if (!course) {
      course = await ctx.call(catalogRoutes.createCourse, { body: c }, as);
      ctx.log(`institution: course "${c.title}"`);
    }
    for (const s of students) await ctx.call(r.enrollMember, { params: { id }, body: { member_id: s.id, course_id: course.id } }, as);
  }

  // a bulk import with one bad row (a second run finds it and leaves it)
  const { imports } = await ctx.call(r.bulkImports, { params: { id } }, as);
  if (!imports.length) {
    let job = await ctx.call(
      r.bulkEnroll,
      { params: { id }, body: { csv_data: Buffer.from(demoBulkCsv).toString('base64'), course_id: null } },
      as,
    );
    for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((done) => setTimeout(done, 200));
      job = await ctx.call(r.bulkImport, { params: { id, jobId: job.job_id } }, as);
    }
    ctx.log(
      `institution: bulk import ${job.status}: ${job.successful} added, ${job.failed} failed (${job.errors.map((e) => `row ${e.row}: ${e.error}`).join('; ')})`,
    );
  }

  // an API key, shown once
  const { api_keys } = await ctx.call(r.listApiKeys, { params: { id } }, as);
  if (!api_keys.some((k) => k.key_name === 'Demo integration' && k.is_active)) {
    const key = await ctx.call(
      r.createApiKey,
      {
        params: { id },
        body: {
          key_name: 'Demo integration',
          permissions: ['courses.read', 'students.read', 'enrollments.create', 'analytics.read'],
          rate_limit_per_minute: 60,
        },
      },
      as,
    );
    ctx.log(`institution: API key "Demo integration" (shown this once, keep it): ${key.api_key}`);
  }

  // a pending institution for the admin to verify
  const { id: pendingOwner } = await ctx.request('identity.seed.ensure-user', {
    email: 'pending.institution@learnhub.local',
    name: 'Hiwot Institution',
    password: DEMO_PASSWORD,
    role: 'institution',
  });
  const asPending = { userId: pendingOwner, role: 'institution', sessionId: 'seed-pending-institution', institutionId: null };
  try {
    await ctx.call(r.me, {}, asPending);
  } catch (e) {
    if (e.code !== 'NO_INSTITUTION') throw e;
    await ctx.call(
      r.onboard,
      {
        body: {
          name: 'Hawassa Training Center',
          subdomain: 'hawassa-training',
          contact_email: 'info@hawassa-training.example',
          country: 'Ethiopia',
          registration_number: 'ET-REG-2025-0107',
        },
      },
      asPending,
    );
    ctx.log('institution: pending.institution@learnhub.local onboarded "Hawassa Training Center" (pending verification)');
  }
}

/** In order: an area may use what the ones before it created. */
/** The demo mentor's profile and week (Addis Ababa time), and what the demo learner booked with her. */
export const demoMentorProfile = {
  bio: 'Software engineer and mentor: ten years of Python and web development, interview practice and career advice for people starting in tech.',
  expertise_areas: ['Python', 'Web development', 'Career advice', 'Interview prep'],
  hourly_rate: 45,
  currency: 'USD',
  experience_years: 10,
  languages: ['English', 'Amharic'],
  timezone: 'Africa/Addis_Ababa',
  is_accepting_bookings: true,
};
export const demoMentorWeek = [1, 2, 3, 4, 5]
  .map((weekday) => ({ weekday, start_time: '09:00', end_time: '17:00' }))
  .concat([{ weekday: 6, start_time: '10:00', end_time: '14:00' }]);
const demoResources = [
  {
    title: 'Interview preparation checklist',
    description: 'What to revise the week before a technical interview',
    resource_type: 'document',
    url: 'https://www.freecodecamp.org/news/coding-interviews-for-dummies-5e048933b82b/',
    tags: ['interviews'],
  },
  {
    title: 'Python tutorial',
    description: 'The official tutorial, the best first read',
    resource_type: 'tool',
    url: 'https://docs.python.org/3/tutorial/',
    tags: ['python'],
  },
];

/** Three more mentors, in other fields and price bands, and learners who book with the demo mentor. */
export const demoExtraMentors = [
  {
    email: 'mentor.data@learnhub.local',
    name: 'Dawit Data',
    profile: {
      bio: 'Data scientist: statistics, pandas and machine learning projects from idea to report.',
      expertise_areas: ['Data science', 'Machine learning', 'Statistics'],
      hourly_rate: 85,
      currency: 'USD',
      experience_years: 7,
      languages: ['English', 'Amharic'],
      timezone: 'Africa/Addis_Ababa',
      is_accepting_bookings: true,
    },
  },
  {
    email: 'mentor.design@learnhub.local',
    name: 'Sara Design',
    profile: {
      bio: 'Product designer: UX research, Figma and building a portfolio that gets interviews.',
      expertise_areas: ['UX design', 'Portfolio review'],
      hourly_rate: 30,
      currency: 'USD',
      experience_years: 5,
      languages: ['English'],
      timezone: 'Europe/London',
      is_accepting_bookings: true,
    },
  },
  {
    email: 'mentor.cloud@learnhub.local',
    name: 'Omar Cloud',
    profile: {
      bio: 'Cloud architect: AWS, Kubernetes and system design interviews.',
      expertise_areas: ['Cloud', 'Kubernetes', 'System design'],
      hourly_rate: 150,
      currency: 'USD',
      experience_years: 14,
      languages: ['English', 'Arabic'],
      timezone: 'Asia/Dubai',
      is_accepting_bookings: true,
    },
  },
];
const demoMentees = [
  { email: 'learner.abel@learnhub.local', name: 'Abel Learner' },
  { email: 'learner.hana@learnhub.local', name: 'Hana Learner' },
];

/**
 * mentoring: the demo mentor's published profile, weekly schedule and resources, three more
 * mentors, and a history with the demo mentor: Lena (the demo learner) has a session held
 * two weeks ago (rated 5, with notes and a progress record), one held last week and not rated
 * yet, and one next week; Abel has one held (rated 4) and one he cancelled a day ahead; Hana
 * did not come to hers (no-show). Past sessions are booked as usual, then moved into the past
 * with the dev-only mentoring.seed.backdate-session and completed by the maintenance sweep.
 * Read first, so a second run changes nothing.
 */
export async function seedMentoring(ctx) {
  const { mentoringRoutes: r, mentoringInternal, toMinor } = await import('@lp/contracts');
  const as = (role) => ({ userId: ctx.users[role].id, role, sessionId: `seed-${role}`, institutionId: null });
  const asUser = (u, role) => ({ userId: u.id, role, sessionId: `seed-${u.email}`, institutionId: null });
  const mentor = ctx.users.mentor;

  const profile = await ctx.call(r.ownProfile, {}, as('mentor'));
  if (!profile.is_published) await ctx.call(r.updateProfile, { body: demoMentorProfile }, as('mentor'));
  const week = await ctx.call(r.availability, {}, as('mentor'));
  if (week.slots.length === 0)
    await ctx.call(r.updateAvailability, { body: { timezone: demoMentorProfile.timezone, slots: demoMentorWeek } }, as('mentor'));
  const resources = await ctx.call(r.resources, {}, as('mentor'));
  const have = new Set(
    Object.values(resources)
      .flat()
      .map((x) => x.title),
  );
  for (const res of demoResources) if (!have.has(res.title)) await ctx.call(r.addResource, { body: res }, as('mentor'));
  ctx.log(`mentoring: ${mentor.email} profile, week (Mon-Fri 09-17, Sat 10-14 Addis Ababa) and ${demoResources.length} resources`);

  for (const m of demoExtraMentors) {
    const { id } = await ctx.request('identity.seed.ensure-user', {
      email: m.email,
      name: m.name,
      password: DEMO_PASSWORD,
      role: 'mentor',
    });
    const who = asUser({ id, email: m.email }, 'mentor');
    if (!(await ctx.call(r.ownProfile, {}, who)).is_published) await ctx.call(r.updateProfile, { body: m.profile }, who);
    if ((await ctx.call(r.availability, {}, who)).slots.length === 0)
      await ctx.call(r.updateAvailability, { body: { timezone: m.profile.timezone, slots: demoMentorWeek } }, who);
  }
  ctx.log(
    `mentoring: ${demoExtraMentors.length} more mentors (${demoExtraMentors.map((m) => `${m.name} $${m.profile.hourly_rate}/h`).join(', ')})`,
  );

  const { sessions } = await ctx.call(r.mySessions, { query: { limit: 100 } }, as('mentor'));
  if (sessions.length > 0) {
    ctx.log("mentoring: the demo mentor's sessions already there");
    return;
  }
  const mentees = [];
  for (const m of demoMentees) {
    const { id } = await ctx.request('identity.seed.ensure-user', {
      email: m.email,
      name: m.name,
      password: DEMO_PASSWORD,
      role: 'learner',
    });
    await ctx.request('billing.seed.wallet', {
      user_id: id,
      currency: 'USD',
      deposit_minor: toMinor(200, 'USD'),
      description: 'Wallet top-up via M-Pesa',
    });
    mentees.push({ id, email: m.email });
  }
  const [abel, hana] = mentees;
  const lena = ctx.users.learner;
  const slots = (await ctx.call(r.freeSlots, { params: { userId: mentor.id }, query: { days: 21, duration_minutes: 60 } }, as('learner')))
    .slots;
  // distinct free times, each on its own day: past ones are booked ahead, then moved back
  const byDay = [...new Map(slots.map((x) => [x.start.slice(0, 10), x])).values()];
  if (byDay.length < 8) throw new SeedError('mentoring: the demo mentor has too few free days to book');
  const book = (who, slot, title, description) =>
    ctx.call(
      r.bookSession,
      { body: { mentor_id: mentor.id, title, description, scheduled_at: slot.start, duration_minutes: 60, payment_method: 'wallet' } },
      who,
    );
  const lenaWho = as('learner');
  const abelWho = asUser(abel, 'learner');
  const hanaWho = asUser(hana, 'learner');
  const past = [
    {
      who: lenaWho,
      title: 'Python code review',
      description: 'Going through my first Flask project',
      daysAgo: 15,
      rating: 5,
      review: 'Clear explanations and a useful plan for next steps.',
    },
    { who: lenaWho, title: 'Testing Flask apps', description: 'Writing my first tests', daysAgo: 8, rating: null },
    {
      who: abelWho,
      title: 'Career change into tech',
      description: 'From accounting to data analysis',
      daysAgo: 11,
      rating: 4,
      review: 'Practical advice.',
    },
    { who: hanaWho, title: 'Portfolio review', description: 'Two web projects', daysAgo: 6, noShow: true },
  ];
  for (const [i, p] of past.entries()) {
    const booked = await book(p.who, byDay[i], p.title, p.description);
    await ctx.request(mentoringInternal.backdateSession.subject, { session_id: booked.id, days_ago: p.daysAgo + i + 1 });
    if (p.noShow) await ctx.call(r.markNoShow, { params: { id: booked.id } }, as('mentor'));
    p.id = booked.id;
  }
  await ctx.request(mentoringInternal.maintainSessions.subject, {});
  for (const p of past.filter((x) => x.rating))
    await ctx.call(r.rateSession, { params: { id: p.id }, body: { rating: p.rating, review: p.review } }, p.who);
  await ctx.call(
    r.addSessionNotes,
    {
      params: { id: past[0].id },
      body: {
        notes: 'Reviewed the Flask project structure and tests.',
        action_items: ['Split routes into blueprints', 'Add tests for the login view'],
        mentee_progress: 'Good grasp of Python; needs practice with testing.',
      },
    },
    as('mentor'),
  );
  await ctx.call(
    r.updateMenteeProgress,
    {
      params: { id: lena.id },
      body: {
        goals: ['Deploy the Flask project', 'Write tests for every view'],
        progress_notes: 'Motivated and steady.',
        skills_developed: 'Python, Flask',
        areas_for_improvement: 'Testing',
        next_milestones: ['First pull request reviewed'],
      },
    },
    as('mentor'),
  );
  const upcoming = await book(lenaWho, byDay[6], 'Mock interview', 'Practice for a junior developer interview');
  // Abel cancels a session more than a day ahead: refunded in full
  const cancelled = await book(abelWho, byDay[7], 'Follow-up on the data analysis plan', '');
  await ctx.call(r.cancelSession, { params: { id: cancelled.id }, body: { reason: 'A work trip came up' } }, abelWho);
  ctx.log(
    `mentoring: ${mentor.email} sessions: 3 held (2 rated), 1 no-show, 1 cancelled with a refund, 1 on ${upcoming.session.scheduled_at} (${upcoming.status})`,
  );
}

export const seeders = [
  { area: 'identity', run: seedIdentity },
  { area: 'catalog', run: seedCatalog },
  { area: 'billing', run: seedBilling },
  { area: 'assessment', run: seedAssessment },
  { area: 'community', run: seedCommunity },
  { area: 'mentoring', run: seedMentoring },
  { area: 'institution', run: seedInstitution },
];

export class SeedError extends Error {
  /** @param {string} message @param {{ status?: number, code?: string }} [answer] what the service answered, when it did */
  constructor(message, { status, code } = {}) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Runs every seeder against a running stack.
 * `auth` is the seed's NATS user (development stacks have one); `signingKey` the stack's
 * caller-signing key, so the services believe the demo users the seed acts for.
 * @param {{ natsUrl: string, busPrefix?: string, auth?: { user: string, pass: string } | null, signingKey?: string, log?: (line: string) => void, timeoutMs?: number }} opts
 */
export async function seed({
  natsUrl,
  busPrefix = '',
  auth = null,
  signingKey,
  storageDir = join(root, '.data', 'storage'),
  log = (l) => console.log(`[seed] ${l}`),
  timeoutMs = 15_000,
}) {
  // the bus's own client, so the reply format lives in one place (libs/bus, built before seeding)
  const { RpcClient, CallerSigner, inboxPrefixOf } = await import('@lp/bus');
  const { DEV_CALLER_KEYS } = await import('@lp/service-kit');
  const nc = await connect({
    servers: natsUrl.split(','),
    name: 'lp-seed',
    timeout: 5000,
    ...(auth ? { ...auth, inboxPrefix: inboxPrefixOf('seed') } : {}),
  });
  const rpc = new RpcClient(nc, busPrefix, 10_000, new CallerSigner(signingKey ?? DEV_CALLER_KEYS.privateKey));
  /**
   * Request-reply, as `caller` when given; retried while the service is not subscribed yet,
   * and on the error codes of `retryCodes` (what another service's events have not brought yet).
   */
  async function request(subject, body, { caller = null, retryCodes = [] } = {}) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await rpc.request(subject, body, { requestId: `seed-${Date.now()}`, caller });
      } catch (e) {
        if ((e?.status === 503 || retryCodes.includes(e?.code)) && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        const what =
          e?.status === 503 ? 'no service answers it (is it running?)' : `${e?.status ?? ''} ${e?.code ?? ''} ${e?.detail ?? e?.message}`;
        throw new SeedError(`${subject}: ${what}`, { status: e?.status, code: e?.code });
      }
    }
  }
  /** A route's subject called as `caller` (params, query, body and the declared headers as the gateway passes them). */
  const call = (route, req = {}, caller = null, opts = {}) =>
    request(
      route.subject,
      { params: req.params ?? {}, query: req.query ?? {}, body: req.body, headers: req.headers ?? {} },
      { ...opts, caller },
    );
  const ctx = { request, call, users: {}, log, nc, storageDir };
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
