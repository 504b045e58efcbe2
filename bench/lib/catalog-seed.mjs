// Scenario (c)'s catalog: 10,000 courses and 200,000 lessons (and a few thousand content
// items, instructor names in catalog's users read model), written straight into the run's
// throwaway catalog database after the catalog service has migrated it.
//
// Deterministic: one seeded PRNG (mulberry32) draws everything, ids included, so every run
// searches the same catalog. Titles and descriptions are made of a fixed vocabulary with
// Zipf-like weights (a few words are everywhere, most are rare), over the eight browse
// categories; about 90% of the courses are published, created over the last three years.
//
// `courses.search_text` is a stored generated column (lower(title || ' ' || description),
// apps/catalog/src/migrations/1764201600000-initial.ts): PostgreSQL computes it on insert
// with the service's own expression, so the seed never writes it. Rows go in as
// `INSERT ... SELECT FROM unnest($1::uuid[], $2::text[], ...)` batches (BATCH rows per
// statement), then VACUUM (ANALYZE): statistics for the planner, and the visibility map
// set as autovacuum would have it on a live catalog (index-only scans of the lessons).

export const BATCH = 1000;

export const CATEGORIES = [
  ['programming', 22],
  ['data-science', 13],
  ['business', 15],
  ['design', 11],
  ['marketing', 10],
  ['language', 12],
  ['exam-prep', 8],
  ['personal-development', 9],
];

/** Topics of each category, most frequent first (drawn with Zipf weights). */
const TOPICS = {
  programming: [
    'Python',
    'JavaScript',
    'Web Development',
    'Java',
    'SQL',
    'React',
    'TypeScript',
    'Node.js',
    'C++',
    'Go',
    'Docker',
    'Git',
    'Algorithms',
    'Data Structures',
    'Kotlin',
    'Swift',
    'Rust',
    'Kubernetes',
    'GraphQL',
    'Haskell',
    'Elixir',
    'Fortran',
  ],
  'data-science': [
    'Data Analysis',
    'Machine Learning',
    'Python',
    'Statistics',
    'SQL',
    'Data Visualization',
    'Deep Learning',
    'Pandas',
    'Excel',
    'R',
    'Tableau',
    'Time Series',
    'Natural Language Processing',
    'Bayesian Inference',
    'Reinforcement Learning',
  ],
  business: [
    'Project Management',
    'Leadership',
    'Excel',
    'Accounting',
    'Finance',
    'Entrepreneurship',
    'Business Strategy',
    'Agile',
    'Negotiation',
    'Sales',
    'Supply Chain',
    'Startup Funding',
    'Corporate Governance',
    'Mergers and Acquisitions',
  ],
  design: [
    'Graphic Design',
    'UX Design',
    'Figma',
    'UI Design',
    'Photoshop',
    'Web Design',
    'Typography',
    'Illustration',
    'Color Theory',
    'Product Design',
    'Logo Design',
    'Motion Design',
    'Calligraphy',
  ],
  marketing: [
    'Digital Marketing',
    'Social Media',
    'SEO',
    'Content Marketing',
    'Email Marketing',
    'Copywriting',
    'Branding',
    'Google Ads',
    'Marketing Analytics',
    'Growth Hacking',
    'Influencer Marketing',
    'Affiliate Marketing',
  ],
  language: [
    'English',
    'Spanish',
    'French',
    'German',
    'Japanese',
    'Mandarin',
    'Italian',
    'Business English',
    'Portuguese',
    'Korean',
    'Arabic',
    'Russian',
    'Esperanto',
  ],
  'exam-prep': ['IELTS', 'TOEFL', 'SAT', 'GMAT', 'GRE', 'AWS Certification', 'PMP', 'CFA', 'CompTIA', 'LSAT', 'USMLE', 'Bar Exam'],
  'personal-development': [
    'Productivity',
    'Public Speaking',
    'Time Management',
    'Mindfulness',
    'Writing',
    'Critical Thinking',
    'Career Growth',
    'Habits',
    'Emotional Intelligence',
    'Memory Techniques',
    'Speed Reading',
    'Zettelkasten',
  ],
};

const ADJECTIVES = [
  'Practical',
  'Complete',
  'Modern',
  'Essential',
  'Applied',
  'Hands-on',
  'Advanced',
  'Beginner',
  'Professional',
  'Ultimate',
  'Intensive',
  'Effective',
  'Creative',
  'Quick',
  'Comprehensive',
];
const NOUNS = [
  'Course',
  'Bootcamp',
  'Masterclass',
  'Workshop',
  'Guide',
  'Fundamentals',
  'Essentials',
  'Crash Course',
  'Projects',
  'Handbook',
  'Lab',
  'Seminar',
];
const AUDIENCES = [
  'Beginners',
  'Professionals',
  'Students',
  'Managers',
  'Developers',
  'Designers',
  'Teams',
  'Everyone',
  'Freelancers',
  'Teachers',
  'Researchers',
  'Founders',
];
const SUBTITLES = [
  'From Zero to Hero',
  'Build Real Projects',
  'Theory and Practice',
  'A Step-by-Step Guide',
  'Tips and Techniques',
  'The Basics and Beyond',
  'Learn by Doing',
  'Best Practices',
  'Master the Essentials',
  'Case Studies',
];
const VERBS = [
  'build',
  'understand',
  'design',
  'apply',
  'practice',
  'master',
  'analyze',
  'create',
  'improve',
  'plan',
  'review',
  'explore',
  'measure',
  'present',
  'automate',
  'debug',
];
/** general vocabulary, most frequent first */
const WORDS = [
  'projects',
  'exercises',
  'examples',
  'skills',
  'fundamentals',
  'techniques',
  'tools',
  'concepts',
  'quizzes',
  'best practices',
  'real-world problems',
  'case studies',
  'workflows',
  'patterns',
  'principles',
  'strategies',
  'assignments',
  'templates',
  'checklists',
  'interviews',
  'portfolios',
  'reports',
  'dashboards',
  'presentations',
  'experiments',
  'models',
  'frameworks',
  'processes',
  'habits',
  'feedback',
  'deadlines',
  'teamwork',
  'documentation',
  'testing',
  'performance',
  'security',
  'accessibility',
  'automation',
  'communication',
  'research',
  'budgets',
  'metrics',
  'campaigns',
  'prototypes',
  'wireframes',
  'vocabulary',
  'pronunciation',
  'grammar',
  'listening',
  'reading',
  'essays',
  'mock exams',
  'flashcards',
  'spreadsheets',
  'databases',
  'algorithms',
  'simulations',
  'negotiations',
  'contracts',
  'audits',
  'forecasts',
  'dialogues',
  'storytelling',
  'sketches',
  'palettes',
  'layouts',
  'deployments',
  'refactoring',
  'pipelines',
  'surveys',
  'interviews with experts',
  'capstone projects',
  'peer reviews',
  'office hours',
  'cheat sheets',
  'field trips',
  'podcasts',
  'worksheets',
  'glossaries',
  'troubleshooting',
  'certification tips',
  'live sessions',
  'memory palaces',
  'origami',
];
const SENTENCES = [
  (r) => `Learn ${r.topicLower} through ${r.word()} and ${r.word()}.`,
  (r) => `This course covers ${r.word()}, ${r.word()} and ${r.word()} for ${r.audienceLower}.`,
  (r) => `You will ${r.verb()} ${r.word()} and ${r.verb()} ${r.word()} with ${r.topicLower}.`,
  (r) => `Ideal for ${r.audienceLower} who want to ${r.verb()} ${r.word()}.`,
  (r) => `Each module ends with ${r.word()} to ${r.verb()} what you learned.`,
  (r) => `A ${r.level} introduction to ${r.topicLower}, with ${r.word()} and ${r.word()}.`,
  (r) => `Step by step you ${r.verb()} ${r.word()}, then ${r.verb()} ${r.word()} on your own.`,
];
/** rare words: about 1 course in 100 gets one of them (about 5 courses each) */
const TAIL = [
  'beekeeping',
  'bookbinding',
  'cartography',
  'cryptanalysis',
  'ethnography',
  'falconry',
  'glassblowing',
  'horology',
  'lithography',
  'metallurgy',
  'mycology',
  'orienteering',
  'paleography',
  'permaculture',
  'phonology',
  'quaternions',
  'sommelier',
  'stenography',
  'taxidermy',
  'topology',
];
const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemal',
  'Lina',
  'Marco',
  'Nadia',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
  'Zoe',
];
const LAST = [
  'Adams',
  'Becker',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Moreau',
  'Novak',
  'Okafor',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhang',
];
const LEVELS = ['beginner', 'intermediate', 'advanced'];
const LESSON_TYPES = ['video', 'text', 'pdf', 'html'];

/** mulberry32: small, fast, good enough for test data; the same seed gives the same catalog */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A picker with Zipf-like weights 1/(rank+1)^s over `items` (first = most frequent). */
function zipf(rand, items, s = 1) {
  const cum = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) cum.push((total += 1 / (i + 1) ** s));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}

function weighted(rand, pairs) {
  const total = pairs.reduce((a, [, w]) => a + w, 0);
  return () => {
    let x = rand() * total;
    for (const [v, w] of pairs) if ((x -= w) < 0) return v;
    return pairs[pairs.length - 1][0];
  };
}

const hex = (n) => (n >>> 0).toString(16).padStart(8, '0');
/** a version-4-shaped UUID from the PRNG */
function uuid(rand) {
  const w = [0, 1, 2, 3].map(() => Math.floor(rand() * 2 ** 32));
  w[1] = (w[1] & 0xffff0fff) | 0x4000; // version 4
  w[2] = (w[2] & 0x3fffffff) | 0x80000000; // variant 10
  const h = w.map(hex).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Generates the catalog in memory (column arrays, ready for unnest).
 * @param {{ courses?: number, lessons?: number, contentItems?: number, instructors?: number, seed?: number, now?: Date }} o
 */
export function generateCatalog(o = {}) {
  const nCourses = o.courses ?? 10_000;
  const nLessons = o.lessons ?? 200_000;
  const nItems = o.contentItems ?? 3_000;
  const nInstructors = o.instructors ?? 400;
  const rand = prng(o.seed ?? 20261122);
  const now = (o.now ?? new Date('2026-11-01T00:00:00Z')).getTime();
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const category = weighted(rand, CATEGORIES);
  const topicOf = Object.fromEntries(Object.entries(TOPICS).map(([k, v]) => [k, zipf(rand, v, 1.1)]));
  const anyTopic = zipf(rand, Object.values(TOPICS).flat(), 0.6);
  const word = zipf(rand, WORDS, 1.05);
  const verb = zipf(rand, VERBS, 0.8);

  const instructors = Array.from({ length: nInstructors }, () => ({ id: uuid(rand), name: `${pick(FIRST)} ${pick(LAST)}` }));
  const institutions = Array.from({ length: 12 }, () => uuid(rand));

  const c = {
    id: [],
    title: [],
    description: [],
    price: [],
    category: [],
    level: [],
    instructor_id: [],
    institution_id: [],
    thumbnail: [],
    is_published: [],
    published_at: [],
    enrollment_count: [],
    rating_avg: [],
    rating_count: [],
    created_at: [],
    updated_at: [],
  };
  const threeYears = 3 * 365 * 86_400_000;
  for (let i = 0; i < nCourses; i++) {
    const cat = category();
    const topic = topicOf[cat]();
    const audience = pick(AUDIENCES);
    const lvl = LEVELS[Math.floor(rand() ** 1.5 * 3)];
    const t = Math.floor(rand() * 8);
    const title =
      t === 0
        ? `${pick(ADJECTIVES)} ${topic}`
        : t === 1
          ? `${topic} for ${audience}`
          : t === 2
            ? `${pick(ADJECTIVES)} ${topic}: ${pick(SUBTITLES)}`
            : t === 3
              ? `Introduction to ${topic}`
              : t === 4
                ? `${topic} ${pick(NOUNS)}`
                : t === 5
                  ? `Mastering ${topic}`
                  : t === 6
                    ? `${topic} from Scratch`
                    : `The Complete ${topic} ${pick(NOUNS)}`;
    const r = { topicLower: topic.toLowerCase(), audienceLower: audience.toLowerCase(), level: lvl, word, verb };
    const sentences = [];
    const n = 2 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) sentences.push(pick(SENTENCES)(r));
    if (rand() < 0.3) sentences.push(`Includes a bonus module on ${anyTopic()}.`);
    if (rand() < 0.01) sentences.push(`With a guest lecture on ${pick(TAIL)}.`);
    const created = now - Math.floor(rand() * threeYears);
    const published = rand() < 0.9;
    const publishedAt = published ? Math.min(now, created + Math.floor(rand() * 30 * 86_400_000)) : null;
    const instructor = instructors[Math.floor(rand() ** 1.3 * nInstructors)];
    const enrollments = Math.floor(rand() ** 3 * 5000);
    const ratings = Math.floor(enrollments * rand() * 0.3);
    c.id.push(uuid(rand));
    c.title.push(title);
    c.description.push(sentences.join(' '));
    c.price.push(rand() < 0.3 ? 0 : Math.round((9.99 + rand() * 190) * 100) / 100);
    c.category.push(cat);
    c.level.push(lvl);
    c.instructor_id.push(instructor.id);
    c.institution_id.push(rand() < 0.2 ? pick(institutions) : null);
    c.thumbnail.push(rand() < 0.7 ? `https://cdn.example.com/thumbs/${i}.jpg` : null);
    c.is_published.push(published);
    c.published_at.push(publishedAt === null ? null : new Date(publishedAt).toISOString());
    c.enrollment_count.push(enrollments);
    c.rating_avg.push(ratings ? Math.round((3 + rand() * 2) * 100) / 100 : 0);
    c.rating_count.push(ratings);
    c.created_at.push(new Date(created).toISOString());
    c.updated_at.push(new Date(publishedAt ?? created).toISOString());
  }

  // lessons: 5..35 per course (20 on average), adjusted to exactly nLessons
  const perCourse = Array.from({ length: nCourses }, () => 5 + Math.floor(rand() * 31));
  let diff = nLessons - perCourse.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % nCourses) {
    if (diff > 0) {
      perCourse[i]++;
      diff--;
    } else if (perCourse[i] > 0) {
      perCourse[i]--;
      diff++;
    }
  }
  const l = {
    id: [],
    course_id: [],
    title: [],
    description: [],
    content_type: [],
    content: [],
    duration_minutes: [],
    sort_order: [],
    is_published: [],
    is_free_preview: [],
    created_at: [],
  };
  for (let i = 0; i < nCourses; i++) {
    const base = Date.parse(c.created_at[i]);
    for (let k = 0; k < perCourse[i]; k++) {
      const type = LESSON_TYPES[Math.floor(rand() ** 2 * 4)];
      const w1 = word();
      l.id.push(uuid(rand));
      l.course_id.push(c.id[i]);
      l.title.push(`Lesson ${k + 1}: ${w1.charAt(0).toUpperCase()}${w1.slice(1)}`);
      l.description.push(`How to ${verb()} ${word()}.`);
      l.content_type.push(type);
      l.content.push(
        type === 'video'
          ? `https://videos.example.com/${i}/${k}.mp4`
          : `Notes on ${word()} and ${word()}: ${verb()} them, then ${verb()} ${word()}.`,
      );
      l.duration_minutes.push(5 + Math.floor(rand() * 56));
      l.sort_order.push(k);
      l.is_published.push(rand() < 0.95);
      l.is_free_preview.push(k === 0 && rand() < 0.5);
      l.created_at.push(new Date(base + k * 60_000).toISOString());
    }
  }

  // content items (file items; their text is never read by the list)
  const it = {
    id: [],
    course_id: [],
    type: [],
    title: [],
    storage_key: [],
    file_name: [],
    mime_type: [],
    file_size: [],
    duration_minutes: [],
    sort_order: [],
    created_by: [],
    created_at: [],
  };
  const kinds = [
    ['video', 'mp4', 'video/mp4'],
    ['audio', 'mp3', 'audio/mpeg'],
    ['pdf', 'pdf', 'application/pdf'],
  ];
  for (let j = 0; j < nItems; j++) {
    const i = Math.floor(rand() * nCourses);
    const [type, ext, mime] = pick(kinds);
    const id = uuid(rand);
    it.id.push(id);
    it.course_id.push(c.id[i]);
    it.type.push(type);
    it.title.push(`${word()} (${type})`);
    it.storage_key.push(`bench/${id}.${ext}`);
    it.file_name.push(`${id.slice(0, 8)}.${ext}`);
    it.mime_type.push(mime);
    it.file_size.push(10_000 + Math.floor(rand() * 50_000_000));
    it.duration_minutes.push(type === 'pdf' ? null : 1 + Math.floor(rand() * 90));
    it.sort_order.push(j % 7);
    it.created_by.push(c.instructor_id[i]);
    it.created_at.push(new Date(Date.parse(c.created_at[i]) + 3_600_000).toISOString());
  }

  return {
    instructors,
    courses: c,
    lessons: l,
    contentItems: it,
    counts: { courses: nCourses, lessons: nLessons, contentItems: nItems, instructors: nInstructors },
  };
}

/** INSERT ... SELECT FROM unnest(...) in batches; `cols` is [name, pgArrayType] in table order. */
async function insertColumns(client, table, cols, data, batch) {
  const n = data[cols[0][0]].length;
  const sql = `INSERT INTO ${table} (${cols.map(([k]) => k).join(', ')}) SELECT * FROM unnest(${cols.map(([, t], i) => `$${i + 1}::${t}`).join(', ')})`;
  for (let off = 0; off < n; off += batch)
    await client.query(
      sql,
      cols.map(([k]) => data[k].slice(off, off + batch)),
    );
  return n;
}

/**
 * Writes the generated catalog into `client`'s database (catalog's schema, migrated), then
 * VACUUM (ANALYZE). Returns counts and timings.
 * @param {import('pg').Client} client
 */
export async function seedCatalog(client, o = {}) {
  const batch = o.batch ?? BATCH;
  const t0 = performance.now();
  const g = generateCatalog(o);
  const tGen = performance.now();
  await client.query('SET synchronous_commit = off');
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO users (id, name, email, role) SELECT id, name, lower(replace(name, ' ', '.')) || '@instructors.example.com', 'instructor'
         FROM unnest($1::uuid[], $2::text[]) AS t(id, name)`,
      [g.instructors.map((x) => x.id), g.instructors.map((x) => x.name)],
    );
    await insertColumns(
      client,
      'courses',
      [
        ['id', 'uuid[]'],
        ['title', 'text[]'],
        ['description', 'text[]'],
        ['price', 'numeric[]'],
        ['category', 'text[]'],
        ['level', 'text[]'],
        ['instructor_id', 'uuid[]'],
        ['institution_id', 'uuid[]'],
        ['thumbnail', 'text[]'],
        ['is_published', 'bool[]'],
        ['published_at', 'timestamptz[]'],
        ['enrollment_count', 'int[]'],
        ['rating_avg', 'numeric[]'],
        ['rating_count', 'int[]'],
        ['created_at', 'timestamptz[]'],
        ['updated_at', 'timestamptz[]'],
      ],
      g.courses,
      batch,
    );
    const tCourses = performance.now();
    await insertColumns(
      client,
      'lessons',
      [
        ['id', 'uuid[]'],
        ['course_id', 'uuid[]'],
        ['title', 'text[]'],
        ['description', 'text[]'],
        ['content_type', 'text[]'],
        ['content', 'text[]'],
        ['duration_minutes', 'int[]'],
        ['sort_order', 'int[]'],
        ['is_published', 'bool[]'],
        ['is_free_preview', 'bool[]'],
        ['created_at', 'timestamptz[]'],
      ],
      { ...g.lessons },
      batch,
    );
    const tLessons = performance.now();
    await insertColumns(
      client,
      'content_items',
      [
        ['id', 'uuid[]'],
        ['course_id', 'uuid[]'],
        ['type', 'text[]'],
        ['title', 'text[]'],
        ['storage_key', 'text[]'],
        ['file_name', 'text[]'],
        ['mime_type', 'text[]'],
        ['file_size', 'bigint[]'],
        ['duration_minutes', 'int[]'],
        ['sort_order', 'int[]'],
        ['created_by', 'uuid[]'],
        ['created_at', 'timestamptz[]'],
      ],
      g.contentItems,
      batch,
    );
    await client.query('COMMIT');
    const tCommit = performance.now();
    await client.query('VACUUM (ANALYZE) users, courses, lessons, content_items');
    const tEnd = performance.now();
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM courses)::int AS courses, (SELECT count(*) FROM courses WHERE is_published)::int AS published,
              (SELECT count(*) FROM lessons)::int AS lessons, (SELECT count(*) FROM content_items)::int AS content_items,
              (SELECT count(DISTINCT category) FROM courses)::int AS categories, (SELECT count(DISTINCT instructor_id) FROM courses)::int AS instructors,
              pg_size_pretty(pg_total_relation_size('courses')) AS courses_size, pg_size_pretty(pg_total_relation_size('lessons')) AS lessons_size`,
    );
    const rowsWritten = g.counts.courses + g.counts.lessons + g.counts.contentItems + g.counts.instructors;
    return {
      ...rows[0],
      batch,
      generateMs: tGen - t0,
      coursesMs: tCourses - tGen,
      lessonsMs: tLessons - tCourses,
      insertMs: tCommit - tGen,
      vacuumAnalyzeMs: tEnd - tCommit,
      rowsPerS: rowsWritten / ((tCommit - tGen) / 1000),
    };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
