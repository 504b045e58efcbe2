import type { QaAnswer, QaQuestion } from '@lp/contracts';
import { iso } from '@lp/service-kit';
import type { AnswerRow, QuestionRow } from './qa.repository.js';

export const toQuestion = (q: QuestionRow): QaQuestion => ({
  id: q.id,
  title: q.title,
  content: q.content,
  category: q.category,
  tags: q.tags,
  post_type: q.post_type,
  upvotes: q.upvotes,
  answer_count: q.answer_count,
  views: q.views,
  author_id: q.author_id,
  author_name: q.author_name,
  is_answered: q.is_answered,
  has_upvoted: q.has_upvoted,
  created_at: iso(q.created_at),
  updated_at: iso(q.updated_at),
});

export const toAnswer = (a: AnswerRow): QaAnswer => ({
  id: a.id,
  question_id: a.question_id,
  content: a.content,
  upvotes: a.upvotes,
  is_accepted: a.is_accepted,
  author_id: a.author_id,
  author_name: a.author_name,
  has_upvoted: a.has_upvoted,
  created_at: iso(a.created_at),
});
