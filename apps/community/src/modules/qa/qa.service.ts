import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { writeEvent } from '@lp/bus';
import { communityEvents, communityRoutes, type QaAnswer, type QaQuestion, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, UnitOfWork, currentCaller, iso } from '@lp/service-kit';
import { qaErrors } from './qa-errors.js';
import { searchSteps } from './qa-search-plan.js';
import { toAnswer, toQuestion } from './qa.mappers.js';
import { QaRepository } from './qa.repository.js';

type R = typeof communityRoutes;

/**
 * The global Q&A forum. Upvotes toggle (a second upvote by the same user takes the first
 * back) and one's own posts cannot be upvoted. Every vote, answer and accept on a question
 * (or vote on an answer) locks that row first, so they take turns and the counters equal
 * the rows they count. Views count once per user, the author's included.
 */
@Injectable()
export class QaService {
  constructor(
    @Inject(QaRepository) private readonly qa: QaRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Ranked full-text search, or trigram on the title for a term shorter than
   * QA_FULL_TEXT_MIN_CHARS or one that full-text search does not find (a word's beginning,
   * a stop word); newest first without a term.
   */
  @Handles(communityRoutes.listQuestions)
  async list({ query }: RouteInput<R['listQuestions']>): Promise<RouteOutput<R['listQuestions']>> {
    const callerId = currentCaller().userId;
    const filter = { category: query.category ?? null, postType: query.post_type ?? null, limit: query.limit, offset: query.offset };
    const steps = searchSteps(query.search);
    let found = steps.length ? { rows: [], total: 0 } : await this.qa.list(filter, callerId);
    for (const step of steps) {
      found = await this.qa.search(step.kind, step.term, filter, callerId);
      if (found.total > 0) break;
    }
    return { questions: found.rows.map(toQuestion), total: found.total };
  }

  @Handles(communityRoutes.askQuestion)
  async ask({ body }: RouteInput<R['askQuestion']>): Promise<QaQuestion> {
    const callerId = currentCaller().userId;
    const question = await this.uow.run(async (tx) => {
      const id = await this.qa.insertQuestion(tx, {
        authorId: callerId,
        title: body.title,
        content: body.content,
        category: body.category,
        tags: body.tags,
        postType: body.post_type,
      });
      await writeEvent(tx, communityEvents.questionAsked, {
        v: 1,
        question_id: id,
        author_id: callerId,
        title: body.title,
        category: body.category,
        post_type: body.post_type,
        asked_at: this.clock.now().toISOString(),
      });
      return this.qa.question(id, callerId, tx);
    });
    return toQuestion(question!);
  }

  @Handles(communityRoutes.getQuestion)
  async get({ params }: RouteInput<R['getQuestion']>): Promise<RouteOutput<R['getQuestion']>> {
    const callerId = currentCaller().userId;
    const exists = await this.uow.run((tx) => this.qa.countView(tx, params.id, callerId));
    if (!exists) throw qaErrors.questionNotFound();
    const [question, answers] = await Promise.all([this.qa.question(params.id, callerId), this.qa.answers(params.id, callerId)]);
    if (!question) throw qaErrors.questionNotFound();
    return { question: toQuestion(question), answers: answers.map(toAnswer) };
  }

  @Handles(communityRoutes.updateQuestion)
  async update({ params, body }: RouteInput<R['updateQuestion']>): Promise<QaQuestion> {
    const caller = currentCaller();
    const question = await this.uow.run(async (tx) => {
      await this.authorOrAdmin(tx, params.id, 'edit');
      await this.qa.updateQuestion(tx, params.id, body);
      return this.qa.question(params.id, caller.userId, tx);
    });
    return toQuestion(question!);
  }

  @Handles(communityRoutes.deleteQuestion)
  async remove({ params }: RouteInput<R['deleteQuestion']>): Promise<RouteOutput<R['deleteQuestion']>> {
    await this.uow.run(async (tx) => {
      await this.authorOrAdmin(tx, params.id, 'delete');
      const accepted = await this.qa.deleteQuestion(tx, params.id);
      if (accepted) await this.unaccepted(tx, params.id, accepted, 'question_deleted');
    });
    return { message: 'Question deleted' };
  }

  @Handles(communityRoutes.upvoteQuestion)
  async upvoteQuestion({ params }: RouteInput<R['upvoteQuestion']>): Promise<RouteOutput<R['upvoteQuestion']>> {
    const callerId = currentCaller().userId;
    return this.uow.run(async (tx) => {
      const q = await this.qa.lockQuestion(tx, params.id);
      if (!q) throw qaErrors.questionNotFound();
      if (q.author_id === callerId) throw qaErrors.ownPostVote('question');
      return this.qa.toggleQuestionVote(tx, params.id, callerId);
    });
  }

  @Handles(communityRoutes.postAnswer)
  async answer({ params, body }: RouteInput<R['postAnswer']>): Promise<QaAnswer> {
    const callerId = currentCaller().userId;
    const answer = await this.uow.run(async (tx) => {
      const q = await this.qa.lockQuestion(tx, params.id);
      if (!q) throw qaErrors.questionNotFound();
      const id = await this.qa.insertAnswer(tx, params.id, callerId, body.content);
      const a = (await this.qa.answer(id, callerId, tx))!;
      await writeEvent(tx, communityEvents.answerPosted, {
        v: 1,
        answer_id: id,
        question_id: params.id,
        question_author_id: q.author_id,
        author_id: callerId,
        author_name: a.author_name,
        created_at: iso(a.created_at),
      });
      return a;
    });
    return toAnswer(answer);
  }

  @Handles(communityRoutes.upvoteAnswer)
  async upvoteAnswer({ params }: RouteInput<R['upvoteAnswer']>): Promise<RouteOutput<R['upvoteAnswer']>> {
    const callerId = currentCaller().userId;
    return this.uow.run(async (tx) => {
      const a = await this.qa.lockAnswer(tx, params.id);
      if (!a) throw qaErrors.answerNotFound();
      if (a.author_id === callerId) throw qaErrors.ownPostVote('answer');
      const reply = await this.qa.toggleAnswerVote(tx, params.id, callerId);
      // a vote taken back earns nothing, so only a new one is announced (gamification's XP)
      if (reply.upvoted) {
        await writeEvent(tx, communityEvents.answerUpvoted, {
          v: 1,
          answer_id: a.id,
          question_id: a.question_id,
          answer_author_id: a.author_id,
          voter_id: callerId,
          upvoted_at: this.clock.now().toISOString(),
        });
      }
      return reply;
    });
  }

  /** Only the question's author; accepting another answer moves the mark, accepting the same one again changes nothing. */
  @Handles(communityRoutes.acceptAnswer)
  async accept({ params }: RouteInput<R['acceptAnswer']>): Promise<RouteOutput<R['acceptAnswer']>> {
    const callerId = currentCaller().userId;
    const answer = await this.uow.run(async (tx) => {
      const found = await this.qa.questionOfAnswer(params.id, tx);
      if (!found) throw qaErrors.answerNotFound();
      const q = await this.qa.lockQuestion(tx, found.question_id);
      if (!q) throw qaErrors.answerNotFound();
      if (q.author_id !== callerId) throw qaErrors.notQuestionAuthor();
      const a = await this.qa.lockAnswer(tx, params.id);
      if (!a) throw qaErrors.answerNotFound();
      if (!a.is_accepted) {
        const previous = await this.qa.accept(tx, q.id, a.id);
        if (previous) await this.unaccepted(tx, q.id, previous, 'another_accepted');
        await writeEvent(tx, communityEvents.answerAccepted, {
          v: 1,
          answer_id: a.id,
          question_id: q.id,
          answer_author_id: a.author_id,
          accepted_by: callerId,
          accepted_at: this.clock.now().toISOString(),
        });
      }
      return (await this.qa.answer(a.id, callerId, tx))!;
    });
    return { message: 'Answer accepted', answer: toAnswer(answer) };
  }

  /** An answer lost its acceptance: what acceptance earned (gamification's XP) is taken back. */
  private async unaccepted(
    tx: EntityManager,
    questionId: string,
    answer: { id: string; author_id: string },
    reason: 'another_accepted' | 'question_deleted',
  ): Promise<void> {
    await writeEvent(tx, communityEvents.answerUnaccepted, {
      v: 1,
      answer_id: answer.id,
      question_id: questionId,
      answer_author_id: answer.author_id,
      reason,
      unaccepted_at: this.clock.now().toISOString(),
    });
  }

  private async authorOrAdmin(tx: EntityManager, questionId: string, action: 'edit' | 'delete'): Promise<void> {
    const caller = currentCaller();
    const q = await this.qa.lockQuestion(tx, questionId);
    if (!q) throw qaErrors.questionNotFound();
    if (q.author_id !== caller.userId && caller.role !== 'admin') throw qaErrors.notAuthorOrAdmin(action);
  }
}
