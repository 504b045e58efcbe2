import { Inject, Injectable } from '@nestjs/common';
import { assessmentUnlocked, type Caller } from '@lp/contracts';
import type { EntityManager } from 'typeorm';
import { assessmentErrors } from '../../common/assessment-errors.js';
import type { CourseFacts } from '../catalog-read-model/catalog-read-model.repository.js';
import { CatalogFacts } from '../catalog-read-model/catalog-facts.js';
import { QuizzesRepository, type QuizView, type TakerQuizView } from './quizzes.repository.js';

/**
 * Who owns a course (read model): its instructor, or a user of role institution signed in
 * to the course's institution.
 */
export function ownsCourse(course: { instructorId: string | null; institutionId: string | null }, caller: Caller): boolean {
  if (course.instructorId === caller.userId) return true;
  return caller.role === 'institution' && caller.institutionId !== null && course.institutionId === caller.institutionId;
}

export const isAuthor = (quiz: Pick<QuizView, 'createdBy'>, caller: Caller): boolean => quiz.createdBy === caller.userId;

/** The author, or the owner of the assessment's course (they manage the course's assessments' results). */
const manages = (quiz: QuizView, caller: Caller): boolean =>
  isAuthor(quiz, caller) ||
  (quiz.courseId !== null && ownsCourse({ instructorId: quiz.courseInstructorId, institutionId: quiz.courseInstitutionId }, caller));

/**
 * The access rules of assessments, in one place. Visibility first: an unpublished
 * assessment is 404 for everyone but its author. Then permission: editing needs
 * authorship (403 NOT_QUIZ_AUTHOR); taking an assessment attached to a course needs an
 * enrollment in that course (403 NOT_ENROLLED) unless the caller authored it or owns the
 * course (they preview and try their own tests). Standalone assessments (no course) are
 * open to every signed-in user: the quiz centre is public practice. Starting an attempt of a
 * course's assessment also needs the learner's completion of the course at 100% (403
 * ASSESSMENT_LOCKED; libs/contracts assessmentUnlocked, docs/architecture.md, "Assessment").
 */
@Injectable()
export class QuizAccess {
  constructor(
    @Inject(QuizzesRepository) private readonly quizzes: QuizzesRepository,
    @Inject(CatalogFacts) private readonly catalog: CatalogFacts,
  ) {}

  async visible(id: string, caller: Caller, tx?: EntityManager): Promise<QuizView> {
    const quiz = await this.quizzes.find(id, tx);
    if (!quiz || (!quiz.isPublished && !isAuthor(quiz, caller))) throw assessmentErrors.quizNotFound();
    return quiz;
  }

  async authored(id: string, caller: Caller, tx?: EntityManager): Promise<QuizView> {
    const quiz = await this.visible(id, caller, tx);
    if (!isAuthor(quiz, caller)) throw assessmentErrors.notQuizAuthor();
    return quiz;
  }

  /** The assessment when the caller may take it, with their standing (one query). */
  async takeable(id: string, caller: Caller): Promise<TakerQuizView> {
    const quiz = await this.quizzes.findForTaker(id, caller.userId);
    if (!quiz || (!quiz.isPublished && !isAuthor(quiz, caller))) throw assessmentErrors.quizNotFound();
    if (quiz.courseId !== null && !quiz.enrolled && !manages(quiz, caller)) {
      // the read model may not know of an enrollment made a moment ago: catalog is asked before refusing
      if (!(await this.catalog.isEnrolled(quiz.courseId, caller.userId))) throw assessmentErrors.notEnrolled();
      return { ...quiz, enrolled: true };
    }
    return quiz;
  }

  /**
   * The assessment when the caller may start (or resume) an attempt: takeable, and unlocked
   * by the course's completion. Catalog is asked for the completion only for a learner of a
   * course's assessment (it is not kept in the read model).
   */
  async startable(id: string, caller: Caller): Promise<TakerQuizView> {
    const quiz = await this.takeable(id, caller);
    if (quiz.courseId === null || manages(quiz, caller)) return quiz;
    const completionPercentage = await this.catalog.completion(quiz.courseId, caller.userId);
    if (!assessmentUnlocked({ courseId: quiz.courseId, completionPercentage, manages: false })) throw assessmentErrors.assessmentLocked();
    return quiz;
  }

  /** Whether the caller sees every taker's results of the assessment. */
  manages(quiz: QuizView, caller: Caller): boolean {
    return manages(quiz, caller);
  }

  /** A course an author attaches an assessment to: known (404) and the caller's (403). */
  async ownedCourse(courseId: string, caller: Caller, tx?: EntityManager): Promise<CourseFacts> {
    const course = await this.catalog.course(courseId, tx);
    if (!course) throw assessmentErrors.courseNotFound();
    if (!ownsCourse(course, caller)) throw assessmentErrors.notCourseOwner();
    return course;
  }
}
