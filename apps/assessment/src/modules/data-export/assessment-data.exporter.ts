import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExportsUserData, iso, isoOrNull, queryRows } from '@lp/service-kit';

/**
 * Assessment's part of "Download my data": what assessment keeps about the person. The quiz
 * tables are read with plain SQL here (their modules belong to quizzes/taking); others
 * appear only as the course or assessment a record belongs to.
 */
@Injectable()
export class AssessmentDataExporter {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [authored, sessions, attempts, assignments, submissions] = await Promise.all([
      queryRows<{ id: string; title: string; course_id: string | null; is_mock_test: boolean; test_mode: string; is_published: boolean; question_count: string; attempt_count: string; created_at: Date }>(
        this.ds,
        `SELECT q.id, q.title, q.course_id, q.is_mock_test, q.test_mode, q.is_published, q.created_at,
           (SELECT count(*) FROM questions x WHERE x.quiz_id = q.id) AS question_count,
           (SELECT count(*) FROM attempts t WHERE t.quiz_id = q.id) AS attempt_count
         FROM quizzes q WHERE q.created_by = $1 ORDER BY q.created_at, q.id`,
        [userId],
      ),
      queryRows<{ id: string; quiz_id: string; quiz_title: string; started_at: Date; deadline_at: Date | null; answers: unknown; flagged_questions: unknown; saved_at: Date | null; submitted_at: Date | null }>(
        this.ds,
        `SELECT s.id, s.quiz_id, q.title AS quiz_title, s.started_at, s.deadline_at, s.answers, s.flagged_questions, s.saved_at, s.submitted_at
         FROM test_sessions s JOIN quizzes q ON q.id = s.quiz_id WHERE s.user_id = $1 ORDER BY s.started_at, s.id`,
        [userId],
      ),
      queryRows<{ id: string; quiz_id: string; quiz_title: string; attempt_number: number; score: string; passed: boolean; correct_answers: number; total_questions: number; earned_points: string; total_points: string; time_taken_minutes: string; time_exceeded: boolean; needs_manual_grading: boolean; answers: unknown; feedback: string; submitted_at: Date }>(
        this.ds,
        `SELECT a.id, a.quiz_id, q.title AS quiz_title, a.attempt_number, a.score, a.passed, a.correct_answers, a.total_questions,
           a.earned_points, a.total_points, a.time_taken_minutes, a.time_exceeded, a.needs_manual_grading, a.answers, a.feedback, a.submitted_at
         FROM attempts a JOIN quizzes q ON q.id = a.quiz_id WHERE a.user_id = $1 ORDER BY a.submitted_at, a.id`,
        [userId],
      ),
      queryRows<{ id: string; course_id: string; course_title: string | null; title: string; assignment_type: string; max_points: string; due_date: Date; is_published: boolean; submission_count: string; created_at: Date }>(
        this.ds,
        `SELECT a.id, a.course_id, c.title AS course_title, a.title, a.assignment_type, a.max_points, a.due_date, a.is_published, a.created_at,
           (SELECT count(*) FROM submissions s WHERE s.assignment_id = a.id) AS submission_count
         FROM assignments a LEFT JOIN courses c ON c.id = a.course_id WHERE a.created_by = $1 ORDER BY a.created_at, a.id`,
        [userId],
      ),
      queryRows<{ assignment_id: string; assignment_title: string; course_title: string | null; max_points: string; submission_text: string; submission_files: string[]; submitted_at: Date; is_late: boolean; days_late: number; raw_grade: string | null; grade: string | null; feedback: string | null; graded_at: Date | null }>(
        this.ds,
        `SELECT s.assignment_id, a.title AS assignment_title, c.title AS course_title, a.max_points, s.submission_text, s.submission_files,
           s.submitted_at, s.is_late, s.days_late, s.raw_grade, s.grade, s.feedback, s.graded_at
         FROM submissions s JOIN assignments a ON a.id = s.assignment_id LEFT JOIN courses c ON c.id = a.course_id
         WHERE s.student_id = $1 ORDER BY s.submitted_at, s.id`,
        [userId],
      ),
    ]);
    return {
      assessments_authored: authored.map((q) => ({
        id: q.id,
        title: q.title,
        course_id: q.course_id,
        kind: q.is_mock_test ? 'mock_test' : q.test_mode === 'exam' ? 'exam' : 'quiz',
        is_published: q.is_published,
        question_count: q.question_count,
        attempt_count: q.attempt_count,
        created_at: iso(q.created_at),
      })),
      test_sessions: sessions.map((s) => ({
        id: s.id,
        quiz_id: s.quiz_id,
        quiz_title: s.quiz_title,
        started_at: iso(s.started_at),
        deadline_at: isoOrNull(s.deadline_at),
        answers: s.answers,
        flagged_questions: s.flagged_questions,
        saved_at: isoOrNull(s.saved_at),
        submitted_at: isoOrNull(s.submitted_at),
      })),
      quiz_attempts: attempts.map((a) => ({
        id: a.id,
        quiz_id: a.quiz_id,
        quiz_title: a.quiz_title,
        attempt_number: a.attempt_number,
        score: a.score,
        passed: a.passed,
        correct_answers: a.correct_answers,
        total_questions: a.total_questions,
        earned_points: a.earned_points,
        total_points: a.total_points,
        time_taken_minutes: a.time_taken_minutes,
        time_exceeded: a.time_exceeded,
        needs_manual_grading: a.needs_manual_grading,
        answers: a.answers,
        feedback: a.feedback,
        submitted_at: iso(a.submitted_at),
      })),
      assignments_created: assignments.map((a) => ({
        id: a.id,
        course_id: a.course_id,
        course_title: a.course_title,
        title: a.title,
        assignment_type: a.assignment_type,
        max_points: a.max_points,
        due_date: iso(a.due_date),
        is_published: a.is_published,
        submission_count: a.submission_count,
        created_at: iso(a.created_at),
      })),
      assignment_submissions: submissions.map((s) => ({
        assignment_id: s.assignment_id,
        assignment_title: s.assignment_title,
        course_title: s.course_title,
        submission_text: s.submission_text,
        submission_files: s.submission_files,
        submitted_at: iso(s.submitted_at),
        is_late: s.is_late,
        days_late: s.days_late,
        raw_grade: s.raw_grade,
        grade: s.grade,
        max_points: s.max_points,
        feedback: s.feedback,
        graded_at: isoOrNull(s.graded_at),
      })),
    };
  }
}
