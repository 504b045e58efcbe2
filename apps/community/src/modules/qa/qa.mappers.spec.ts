import { describe, expect, it } from '@jest/globals';
import { toAnswer, toQuestion } from './qa.mappers.js';
import type { AnswerRow, QuestionRow } from './qa.repository.js';

describe('Q&A rows as the API shows them', () => {
  it('shows a question with its counters and both times in ISO, whatever form pg handed them over in', () => {
    const row = {
      id: 'q1',
      title: 'Why?',
      content: 'Because',
      category: 'programming',
      tags: ['js'],
      post_type: 'question',
      upvotes: 2,
      answer_count: 1,
      views: 7,
      author_id: 'u1',
      author_name: 'Ann',
      is_answered: true,
      has_upvoted: false,
      created_at: new Date('2026-01-02T03:04:05Z'),
      updated_at: '2026-01-03T00:00:00.000Z',
    } as unknown as QuestionRow;
    expect(toQuestion(row)).toEqual({
      id: 'q1',
      title: 'Why?',
      content: 'Because',
      category: 'programming',
      tags: ['js'],
      post_type: 'question',
      upvotes: 2,
      answer_count: 1,
      views: 7,
      author_id: 'u1',
      author_name: 'Ann',
      is_answered: true,
      has_upvoted: false,
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    });
  });

  it('shows an answer with whether it is accepted and whether the caller upvoted it', () => {
    const row = {
      id: 'a1',
      question_id: 'q1',
      content: 'This',
      upvotes: 0,
      is_accepted: true,
      author_id: 'u2',
      author_name: 'Ben',
      has_upvoted: true,
      created_at: new Date('2026-01-02T03:04:05Z'),
    } as unknown as AnswerRow;
    expect(toAnswer(row)).toEqual({
      id: 'a1',
      question_id: 'q1',
      content: 'This',
      upvotes: 0,
      is_accepted: true,
      author_id: 'u2',
      author_name: 'Ben',
      has_upvoted: true,
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });
});
