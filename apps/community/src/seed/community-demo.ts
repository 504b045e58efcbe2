import type { z } from 'zod';
import { communityRoutes as r, type Role } from '@lp/contracts';
import { LocalFileStore } from '@lp/storage';
import { DAY_MS, demoUser, type SeedContext, type Seeder } from '@lp/service-kit';

type Body<K extends keyof typeof r> = NonNullable<z.input<(typeof r)[K]['body']>>;

/** A study group as its owner creates it, and what its members do in it (each as a demo role). */
interface DemoGroup {
  owner: Role;
  def: Body<'createGroup'> & { name: string; privacy: string };
  joiners?: Role[];
  moderator?: Role;
  /** sent to a demo account, which accepts it */
  invite?: { role: Role; message: string };
  /** sent to an address with no account: left pending */
  pendingInvite?: Body<'sendInvitation'>;
  messages: Array<[Role, string]>;
  posts: Array<[Role, Body<'createGroupPost'>]>;
  event?: [Role, Omit<Body<'createGroupEvent'>, 'date'> & { inDays: number }];
  /** [who uploads it, file name, its text] */
  file?: [Role, string, string];
  /** fill the group up with the test members */
  testMembers?: boolean;
}

/** A forum question or discussion, its answers and who upvotes what (answers by index). */
interface DemoQuestion {
  author: Role;
  def: Body<'askQuestion'> & { title: string; post_type: string };
  answers: Array<[Role, string]>;
  /** the index of the answer the author accepts */
  accept?: number;
  upvotes: { question: Role[]; answers: Role[][] };
}

/** Demo study groups: public and private, several categories, members of every role, a full one. */
const demoGroups: readonly DemoGroup[] = [
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
const demoQuestions: readonly DemoQuestion[] = [
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
async function seedCommunity(ctx: SeedContext): Promise<void> {
  for (const g of demoGroups) await seedGroup(ctx, g);
  await seedQuestions(ctx);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const as = (ctx: SeedContext, role: Role) => ctx.as(demoUser(ctx, role, 'community'), role);

async function seedGroup(ctx: SeedContext, g: DemoGroup): Promise<void> {
  const owner = as(ctx, g.owner);
  const mine = await ctx.call(r.myGroups, {}, owner);
  if (mine.created_groups.some((x) => x.name === g.def.name)) {
    ctx.log(`community: group "${g.def.name}" already there`);
    return;
  }
  const group = await ctx.call(r.createGroup, { body: g.def }, owner);
  const params = { id: group.id };
  for (const role of g.joiners ?? []) await ctx.call(r.joinGroup, { params }, as(ctx, role));
  if (g.moderator)
    await ctx.call(r.promoteMember, { params, body: { member_id: demoUser(ctx, g.moderator, 'community').id, role: 'moderator' } }, owner);
  if (g.invite) {
    const invited = demoUser(ctx, g.invite.role, 'community');
    const sent = await ctx.call(r.sendInvitation, { params, body: { email: invited.email, message: g.invite.message } }, owner);
    const token = sent.invitation_link.split('/').pop()!;
    await ctx.call(r.acceptInvitation, { params: { token } }, as(ctx, g.invite.role));
  }
  if (g.pendingInvite) await ctx.call(r.sendInvitation, { params, body: g.pendingInvite }, owner);
  for (const [role, content] of g.messages) await ctx.call(r.postGroupMessage, { params, body: { content } }, as(ctx, role));
  for (const [role, body] of g.posts) await ctx.call(r.createGroupPost, { params, body }, as(ctx, role));
  if (g.event) {
    const [role, { inDays, ...event }] = g.event;
    const date = new Date(Date.now() + inDays * DAY_MS).toISOString().slice(0, 10);
    await ctx.call(r.createGroupEvent, { params, body: { ...event, date } }, as(ctx, role));
  }
  if (g.file) {
    const [role, filename, text] = g.file;
    const key = `uploads/seed-${group.id}-${filename}`;
    const { size } = await new LocalFileStore(ctx.storageDir).put(key, text);
    await ctx.call(
      r.uploadGroupFile,
      { params, body: { file: { storage_key: key, filename, content_type: 'text/plain', size } } },
      as(ctx, role),
    );
  }
  if (g.testMembers) await ctx.call(r.addTestMembers, { params }, owner);
  const detail = await ctx.call(r.getGroup, { params }, owner);
  ctx.log(
    `community: ${g.def.privacy} group "${g.def.name}" by ${demoUser(ctx, g.owner, 'community').email}: ${detail.member_count}/${detail.max_members} members, ${plural(g.messages.length, 'message')}, ${plural(g.posts.length, 'post')}${g.event ? ', an event' : ''}${g.file ? ', a file' : ''}`,
  );
}

async function seedQuestions(ctx: SeedContext): Promise<void> {
  const { questions } = await ctx.call(r.listQuestions, { query: { limit: 100 } }, as(ctx, 'learner'));
  for (const q of demoQuestions) {
    if (questions.some((x) => x.title === q.def.title)) {
      ctx.log(`community: question "${q.def.title}" already there`);
      continue;
    }
    const question = await ctx.call(r.askQuestion, { body: q.def }, as(ctx, q.author));
    const answers = [];
    for (const [role, content] of q.answers)
      answers.push(await ctx.call(r.postAnswer, { params: { id: question.id }, body: { content } }, as(ctx, role)));
    for (const role of q.upvotes.question) await ctx.call(r.upvoteQuestion, { params: { id: question.id } }, as(ctx, role));
    for (const [i, voters] of q.upvotes.answers.entries())
      for (const role of voters) await ctx.call(r.upvoteAnswer, { params: { id: answers[i]!.id } }, as(ctx, role));
    if (q.accept !== undefined) await ctx.call(r.acceptAnswer, { params: { id: answers[q.accept]!.id } }, as(ctx, q.author));
    ctx.log(
      `community: ${q.def.post_type} "${q.def.title}" by ${demoUser(ctx, q.author, 'community').email}: ${plural(answers.length, 'answer')}${q.accept !== undefined ? ', one accepted' : ''}`,
    );
  }
}

export const seeder: Seeder = { area: 'community', run: seedCommunity };
