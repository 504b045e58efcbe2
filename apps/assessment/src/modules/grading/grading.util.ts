import {
  LETTER_GRADE_THRESHOLDS,
  TIME_LIMIT_GRACE_SECONDS,
  type Answers,
  type LetterGrade,
  type QuestionDetail,
  type QuestionType,
} from '@lp/contracts';

/** A question as grading needs it (the author's view: with the correct answer). */
export interface GradableQuestion {
  id: string;
  question_text: string;
  question_type: QuestionType;
  options: string[];
  correct_answer: string;
  explanation: string;
  subject: string;
  points: number;
}

export interface GradedAttempt {
  /** percent of the points, two decimals */
  score: number;
  passed: boolean;
  correct_answers: number;
  total_questions: number;
  earned_points: number;
  total_points: number;
  needs_manual_grading: boolean;
  subject_performance: Record<string, { correct: number; total: number; percentage: number }>;
  question_details: QuestionDetail[];
}

/** The subject of a question in subject performance: its own, else the quiz's, else general. */
export const GENERAL_SUBJECT = 'general';

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Short answers compare case- and space-insensitively: trimmed, inner runs of spaces as one, lowercase. */
export function normaliseText(v: string): string {
  return v.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The answer given to a question: by its id, else by its 0-based position; '' counts as unanswered. */
export function answerFor(answers: Answers, questionId: string, index: number): string | null {
  const v = answers[questionId] ?? answers[String(index)] ?? null;
  return v === null || v.trim() === '' ? null : v;
}

/**
 * Whether one answer is correct. Unanswered is incorrect. Multiple choice matches an option's
 * text exactly (after trimming) or its letter (A upward); true/false case-insensitively; short
 * answers case- and space-insensitively. Essays are never auto-correct: null (manual grading).
 */
export function isCorrect(q: GradableQuestion, answer: string | null): boolean | null {
  if (q.question_type === 'essay') return null;
  if (answer === null) return false;
  const given = answer.trim();
  switch (q.question_type) {
    case 'multiple_choice': {
      if (given === q.correct_answer.trim()) return true;
      const letter = /^[A-Fa-f]$/.test(given) ? given.toUpperCase().charCodeAt(0) - 65 : -1;
      return letter >= 0 && q.options[letter] === q.correct_answer;
    }
    case 'true_false':
      return given.toLowerCase() === q.correct_answer.trim().toLowerCase();
    case 'short_answer':
      return normaliseText(given) === normaliseText(q.correct_answer);
  }
}

/**
 * Grades a whole attempt on the server. The score is the share of points earned (essays
 * count 0 until graded by hand and flag needs_manual_grading); passed compares it with the
 * passing score; subject performance counts correct/total per subject (essays excluded).
 */
export function gradeAttempt(
  questions: readonly GradableQuestion[],
  answers: Answers,
  opts: { passingScore: number; quizSubject?: string },
): GradedAttempt {
  let earned = 0;
  let total = 0;
  let correct = 0;
  let manual = false;
  const subjects: GradedAttempt['subject_performance'] = {};
  const details: QuestionDetail[] = questions.map((q, i) => {
    const answer = answerFor(answers, q.id, i);
    const verdict = isCorrect(q, answer);
    const subject = q.subject.trim() || opts.quizSubject?.trim() || GENERAL_SUBJECT;
    total += q.points;
    const pending = verdict === null && answer !== null;
    if (pending) manual = true;
    if (verdict) {
      earned += q.points;
      correct += 1;
    }
    if (verdict !== null) {
      const s = (subjects[subject] ??= { correct: 0, total: 0, percentage: 0 });
      s.total += 1;
      if (verdict) s.correct += 1;
    }
    return {
      question_id: q.id,
      question_text: q.question_text,
      question_type: q.question_type,
      subject,
      user_answer: answer,
      correct_answer: q.question_type === 'essay' ? null : q.correct_answer,
      is_correct: verdict === true,
      pending_review: pending,
      points: q.points,
      earned_points: verdict ? q.points : 0,
      explanation: q.explanation,
    };
  });
  for (const s of Object.values(subjects)) s.percentage = s.total ? round2((s.correct / s.total) * 100) : 0;
  const score = total ? round2((earned / total) * 100) : 0;
  return {
    score,
    passed: score >= opts.passingScore,
    correct_answers: correct,
    total_questions: questions.length,
    earned_points: earned,
    total_points: total,
    needs_manual_grading: manual,
    subject_performance: subjects,
    question_details: details,
  };
}

export interface Timing {
  /** minutes, two decimals; at most the limit when the limit was exceeded */
  time_taken_minutes: number;
  time_exceeded: boolean;
}

/**
 * Time taken by a session on the server's clock. A limit of 0 means none. A submission
 * later than the limit plus the grace is flagged time_exceeded and counted as taking
 * exactly the limit (its answers are the ones saved up to the limit: the caller's job).
 */
export function sessionTiming(
  startedAt: Date,
  submittedAt: Date,
  timeLimitMinutes: number,
  graceSeconds = TIME_LIMIT_GRACE_SECONDS,
): Timing {
  const elapsedMs = Math.max(0, submittedAt.getTime() - startedAt.getTime());
  const minutes = round2(elapsedMs / 60_000);
  if (timeLimitMinutes <= 0) return { time_taken_minutes: minutes, time_exceeded: false };
  const limitMs = timeLimitMinutes * 60_000;
  if (elapsedMs > limitMs + graceSeconds * 1000) return { time_taken_minutes: timeLimitMinutes, time_exceeded: true };
  return { time_taken_minutes: Math.min(minutes, timeLimitMinutes), time_exceeded: false };
}

/** The moment after which a session is late (null without a limit). */
export function sessionDeadline(startedAt: Date, timeLimitMinutes: number): Date | null {
  return timeLimitMinutes > 0 ? new Date(startedAt.getTime() + timeLimitMinutes * 60_000) : null;
}

/** Letter grade of a percentage: A 90+, B 80+, C 70+, D 60+, else F. */
export function letterGrade(percentage: number): LetterGrade {
  return LETTER_GRADE_THRESHOLDS.find((t) => percentage >= t.min)?.letter ?? 'F';
}
