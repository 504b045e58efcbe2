import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExportsUserData, iso, isoOrNull, manyWithExtras } from '@lp/service-kit';
import { AssignmentEntity } from '../../entities/assignment.entity.js';
import { AttemptEntity } from '../../entities/attempt.entity.js';
import { ReadModelCourseEntity } from '../../entities/catalog-read-model.entity.js';
import { QuestionEntity } from '../../entities/question.entity.js';
import { QuizEntity } from '../../entities/quiz.entity.js';
import { SubmissionEntity } from '../../entities/submission.entity.js';
import { TestSessionEntity } from '../../entities/test-session.entity.js';
import { kindOf } from '../quizzes/quiz.mapper.js';

interface QuizCounts {
  questionCount: number;
  attemptCount: number;
}
interface AssignmentFigures {
  courseTitle: string | null;
  submissionCount: number;
}
interface CourseTitle {
  courseTitle: string | null;
}

/**
 * Assessment's part of "Download my data": what assessment keeps about the person, read
 * straight from the entities here (their modules belong to quizzes, taking and assignments);
 * others appear only as the course or assessment a record belongs to.
 */
@Injectable()
export class AssessmentDataExporter {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [authored, sessions, attempts, assignments, submissions] = await Promise.all([
      manyWithExtras<QuizEntity, QuizCounts>(
        this.ds
          .getRepository(QuizEntity)
          .createQueryBuilder('q')
          .select(['q.id', 'q.title', 'q.courseId', 'q.isMockTest', 'q.testMode', 'q.isPublished', 'q.createdAt'])
          .addSelect((sub) => sub.select('count(*)').from(QuestionEntity, 'x').where('x.quiz_id = q.id'), 'questionCount')
          .addSelect((sub) => sub.select('count(*)').from(AttemptEntity, 't').where('t.quiz_id = q.id'), 'attemptCount')
          .where('q.createdBy = :userId', { userId })
          .orderBy('q.createdAt')
          .addOrderBy('q.id'),
        ['questionCount', 'attemptCount'],
      ),
      this.ds.getRepository(TestSessionEntity).find({
        select: {
          id: true,
          quizId: true,
          startedAt: true,
          deadlineAt: true,
          answers: true,
          flaggedQuestions: true,
          savedAt: true,
          submittedAt: true,
          quiz: { id: true, title: true },
        },
        relations: { quiz: true },
        where: { userId },
        order: { startedAt: 'ASC', id: 'ASC' },
      }),
      this.ds.getRepository(AttemptEntity).find({
        select: {
          id: true,
          quizId: true,
          attemptNumber: true,
          score: true,
          passed: true,
          correctAnswers: true,
          totalQuestions: true,
          earnedPoints: true,
          totalPoints: true,
          timeTakenMinutes: true,
          timeExceeded: true,
          needsManualGrading: true,
          answers: true,
          feedback: true,
          submittedAt: true,
          quiz: { id: true, title: true },
        },
        relations: { quiz: true },
        where: { userId },
        order: { submittedAt: 'ASC', id: 'ASC' },
      }),
      manyWithExtras<AssignmentEntity, AssignmentFigures>(
        this.ds
          .getRepository(AssignmentEntity)
          .createQueryBuilder('a')
          .select(['a.id', 'a.courseId', 'a.title', 'a.assignmentType', 'a.maxPoints', 'a.dueDate', 'a.isPublished', 'a.createdAt'])
          .leftJoin(ReadModelCourseEntity, 'c', 'c.id = a.courseId')
          .addSelect('c.title', 'courseTitle')
          .addSelect((sub) => sub.select('count(*)').from(SubmissionEntity, 's').where('s.assignment_id = a.id'), 'submissionCount')
          .where('a.createdBy = :userId', { userId })
          .orderBy('a.createdAt')
          .addOrderBy('a.id'),
        ['courseTitle', 'submissionCount'],
      ),
      manyWithExtras<SubmissionEntity, CourseTitle>(
        this.ds
          .getRepository(SubmissionEntity)
          .createQueryBuilder('s')
          .select([
            's.id',
            's.assignmentId',
            's.submissionText',
            's.submissionFiles',
            's.submittedAt',
            's.isLate',
            's.daysLate',
            's.rawGrade',
            's.grade',
            's.feedback',
            's.gradedAt',
          ])
          .innerJoin('s.assignment', 'a')
          .addSelect(['a.id', 'a.title', 'a.maxPoints'])
          .leftJoin(ReadModelCourseEntity, 'c', 'c.id = a.courseId')
          .addSelect('c.title', 'courseTitle')
          .where('s.studentId = :userId', { userId })
          .orderBy('s.submittedAt')
          .addOrderBy('s.id'),
        ['courseTitle'],
      ),
    ]);
    // the to-one relations below were loaded by the queries above (foreign keys: always there)
    return {
      assessments_authored: authored.map((q) => ({
        id: q.id,
        title: q.title,
        course_id: q.courseId,
        kind: kindOf(q),
        is_published: q.isPublished,
        question_count: q.questionCount,
        attempt_count: q.attemptCount,
        created_at: iso(q.createdAt),
      })),
      test_sessions: sessions.map((s) => ({
        id: s.id,
        quiz_id: s.quizId,
        quiz_title: s.quiz!.title,
        started_at: iso(s.startedAt),
        deadline_at: isoOrNull(s.deadlineAt),
        answers: s.answers,
        flagged_questions: s.flaggedQuestions,
        saved_at: isoOrNull(s.savedAt),
        submitted_at: isoOrNull(s.submittedAt),
      })),
      quiz_attempts: attempts.map((a) => ({
        id: a.id,
        quiz_id: a.quizId,
        quiz_title: a.quiz!.title,
        attempt_number: a.attemptNumber,
        score: a.score,
        passed: a.passed,
        correct_answers: a.correctAnswers,
        total_questions: a.totalQuestions,
        earned_points: a.earnedPoints,
        total_points: a.totalPoints,
        time_taken_minutes: a.timeTakenMinutes,
        time_exceeded: a.timeExceeded,
        needs_manual_grading: a.needsManualGrading,
        answers: a.answers,
        feedback: a.feedback,
        submitted_at: iso(a.submittedAt),
      })),
      assignments_created: assignments.map((a) => ({
        id: a.id,
        course_id: a.courseId,
        course_title: a.courseTitle,
        title: a.title,
        assignment_type: a.assignmentType,
        max_points: a.maxPoints,
        due_date: iso(a.dueDate),
        is_published: a.isPublished,
        submission_count: a.submissionCount,
        created_at: iso(a.createdAt),
      })),
      assignment_submissions: submissions.map((s) => ({
        assignment_id: s.assignmentId,
        assignment_title: s.assignment!.title,
        course_title: s.courseTitle,
        submission_text: s.submissionText,
        submission_files: s.submissionFiles,
        submitted_at: iso(s.submittedAt),
        is_late: s.isLate,
        days_late: s.daysLate,
        raw_grade: s.rawGrade,
        grade: s.grade,
        max_points: s.assignment!.maxPoints,
        feedback: s.feedback,
        graded_at: isoOrNull(s.gradedAt),
      })),
    };
  }
}
