import { Inject, Injectable } from '@nestjs/common';
import { ExportsUserData, iso } from '@lp/service-kit';
import { QaRepository } from './qa.repository.js';

/** Community's Q&A part of "Download my data": the person's questions, answers and upvotes. */
@Injectable()
export class QaDataExporter {
  constructor(@Inject(QaRepository) private readonly qa: QaRepository) {}

  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [questions, answers, votes] = await Promise.all([
      this.qa.questionsBy(userId),
      this.qa.answersBy(userId),
      this.qa.votesBy(userId),
    ]);
    return {
      qa_questions: questions.map((q) => ({
        id: q.id,
        title: q.title,
        content: q.content,
        category: q.category,
        tags: q.tags,
        post_type: q.post_type,
        upvotes: q.upvotes,
        answer_count: q.answer_count,
        views: q.views,
        created_at: iso(q.created_at),
        updated_at: iso(q.updated_at),
      })),
      qa_answers: answers.map((a) => ({
        id: a.id,
        question_id: a.question_id,
        question_title: a.question_title,
        content: a.content,
        upvotes: a.upvotes,
        is_accepted: a.is_accepted,
        created_at: iso(a.created_at),
      })),
      qa_upvotes: votes.map((v) => ({ [v.kind === 'question' ? 'question_id' : 'answer_id']: v.id, created_at: iso(v.created_at) })),
    };
  }
}
