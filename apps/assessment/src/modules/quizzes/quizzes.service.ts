import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  assessmentEvents,
  MAX_QUESTIONS_PER_QUIZ,
  timeLimitProblem,
  type AuthorQuestion,
  type Caller,
  type QuizAuthor,
  type QuizSummary,
  type RouteInput,
  assessmentRoutes,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, iso, UnitOfWork, Handles, currentCaller } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { learnerState } from '../grading/learner-status.util.js';
import { CatalogFacts } from '../catalog-read-model/catalog-facts.js';
import { ownsCourse, QuizAccess } from './quiz-access.js';
import { kindOf, questionColumns, quizChanges, quizColumns, toAuthorView, toSummary } from './quiz.mapper.js';
import { QuizzesRepository, type QuizView } from './quizzes.repository.js';

type Card = QuizSummary & { my: ReturnType<typeof learnerState> };
type R = typeof assessmentRoutes;

/**
 * Authoring and listing assessments (quizzes, exams and mock tests are one model; the kind
 * is derived). Every change is one transaction that also writes assessment.quiz.saved or
 * assessment.quiz.deleted to the outbox.
 */
@Injectable()
export class QuizzesService {
  constructor(
    @Inject(QuizzesRepository) private readonly quizzes: QuizzesRepository,
    @Inject(QuizAccess) private readonly access: QuizAccess,
    @Inject(CatalogFacts) private readonly catalog: CatalogFacts,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(assessmentRoutes.createQuiz)
  @Handles(assessmentRoutes.createMockTest)
  async create({ body: input }: RouteInput<R['createQuiz']>): Promise<QuizAuthor> {
    const caller = currentCaller();
    if (input.course_id) await this.access.ownedCourse(input.course_id, caller);
    return this.uow.run(async (tx) => {
      const id = await this.quizzes.insert(tx, quizColumns(input), caller.userId, this.clock.now());
      await this.quizzes.appendQuestions(tx, id, input.questions.map(questionColumns));
      return this.saved(tx, id);
    });
  }

  /** The time-limit rule holds for the merged quiz (a mode change alone can break it); `questions` replaces the set. */
  @Handles(assessmentRoutes.updateQuiz)
  @Handles(assessmentRoutes.updateMockTest)
  async update({ params: { id }, body: input }: RouteInput<R['updateQuiz']>): Promise<QuizAuthor> {
    const caller = currentCaller();
    const quiz = await this.access.authored(id, caller);
    const problem = timeLimitProblem(input.test_mode ?? quiz.testMode, input.time_limit ?? quiz.timeLimit);
    if (problem) throw assessmentErrors.invalidTimeLimit(problem);
    if (input.course_id && input.course_id !== quiz.courseId) await this.access.ownedCourse(input.course_id, caller);
    const { questions, ...fields } = input;
    return this.uow.run(async (tx) => {
      await this.quizzes.update(tx, id, quizChanges(fields), this.clock.now());
      if (questions) {
        // attempts keep their graded result as JSON; sessions' question orders tolerate replaced ids
        await this.quizzes.deleteQuestions(tx, id);
        await this.quizzes.appendQuestions(tx, id, questions.map(questionColumns));
      }
      return this.saved(tx, id);
    });
  }

  @Handles(assessmentRoutes.deleteQuiz)
  @Handles(assessmentRoutes.deleteMockTest)
  async delete({ params: { id } }: RouteInput<R['deleteQuiz']>): Promise<{ message: string }> {
    const caller = currentCaller();
    const quiz = await this.access.authored(id, caller);
    await this.uow.run(async (tx) => {
      await this.quizzes.delete(tx, id);
      await writeEvent(tx, assessmentEvents.quizDeleted, {
        v: 1,
        quiz_id: id,
        course_id: quiz.courseId,
        deleted_at: iso(this.clock.now()),
      });
    });
    return { message: 'Assessment deleted' };
  }

  @Handles(assessmentRoutes.addQuestion)
  async addQuestion({ params: { id }, body: input }: RouteInput<R['addQuestion']>): Promise<AuthorQuestion> {
    const caller = currentCaller();
    const quiz = await this.access.authored(id, caller);
    if (quiz.questionCount >= MAX_QUESTIONS_PER_QUIZ) throw assessmentErrors.tooManyQuestions(MAX_QUESTIONS_PER_QUIZ);
    return this.uow.run(async (tx) => {
      // touched first: the row lock it takes orders concurrent additions
      await this.quizzes.touch(tx, id, this.clock.now());
      const [questionId] = await this.quizzes.appendQuestions(tx, id, [questionColumns(input)]);
      const view = await this.saved(tx, id);
      return view.questions.find((q) => q.id === questionId)!;
    });
  }

  @Handles(assessmentRoutes.manageQuiz)
  async manage({ params: { id } }: RouteInput<R['manageQuiz']>): Promise<QuizAuthor> {
    const caller = currentCaller();
    const quiz = await this.access.authored(id, caller);
    return toAuthorView(quiz, await this.quizzes.questions(id));
  }

  @Handles(assessmentRoutes.myQuizzes)
  async mine(): Promise<QuizSummary[]> {
    const caller = currentCaller();
    return (await this.quizzes.byAuthor(caller.userId)).map(toSummary);
  }

  @Handles(assessmentRoutes.courseQuizzes)
  async byCourse({ params: { id: courseId } }: RouteInput<R['courseQuizzes']>): Promise<Card[]> {
    const caller = currentCaller();
    const course = await this.catalog.course(courseId);
    if (!course) throw assessmentErrors.courseNotFound();
    return this.cards(caller, await this.quizzes.byCourse(courseId, ownsCourse(course, caller)));
  }

  @Handles(assessmentRoutes.listMockTests)
  async discover({ query }: RouteInput<R['listMockTests']>): Promise<Card[]> {
    const caller = currentCaller();
    // an institution id counts for institution users only (as for course ownership)
    const institutionId = caller.role === 'institution' ? caller.institutionId : null;
    return this.cards(caller, await this.quizzes.discover({ userId: caller.userId, institutionId }, query));
  }

  /** Cards with the caller's standing: one query over the listed quizzes. */
  private async cards(caller: Caller, rows: QuizView[]): Promise<Card[]> {
    const scores = await this.quizzes.scoresByQuiz(
      caller.userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...toSummary(r), my: learnerState(scores.get(r.id) ?? [], r) }));
  }

  /** Re-reads the assessment inside the transaction (its counts include this change) and announces it. */
  private async saved(tx: EntityManager, id: string): Promise<QuizAuthor> {
    const row = (await this.quizzes.find(id, tx))!;
    const questions = await this.quizzes.questions(id, tx);
    await writeEvent(tx, assessmentEvents.quizSaved, {
      v: 1,
      quiz_id: row.id,
      title: row.title,
      kind: kindOf(row),
      course_id: row.courseId,
      created_by: row.createdBy,
      question_count: row.questionCount,
      total_points: row.totalPoints,
      passing_score: row.passingScore,
      is_published: row.isPublished,
      updated_at: iso(row.updatedAt),
    });
    return toAuthorView(row, questions);
  }
}
