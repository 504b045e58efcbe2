import { AppError, gradeProblem, type QuizResult, type ReviewAttemptInput } from '@lp/contracts';

const round2 = (v: number): number => Math.round(v * 100) / 100;

/**
 * Applies the author's essay grades to a stored result and recomputes what depends on them.
 * Grading works on the result's own question details (the questions as they were when the
 * attempt was submitted), so a later edit of the quiz cannot move the bounds of a review.
 *
 * Rules (refused entries are 400 with `grades.<i>.<field>` paths, all at once):
 * - only essay questions of this attempt, each once; an unanswered essay has nothing to grade;
 * - earned points 0..the question's points in steps of 0.5;
 * - an essay counts in correct_answers when given full points: correct_answers counts answers
 *   that earned everything they could, as for the auto-graded types (partial credit is not
 *   "correct" there either);
 * - score and passed as on submit: share of the points, two decimals, against the passing score;
 * - needs_manual_grading stays true while an answered essay waits (partial reviews are fine);
 * - subject performance is left as graded on submit: it measures the auto-graded questions
 *   only (essays never entered it), so a review does not change it.
 */
export function applyEssayReview(result: QuizResult, input: ReviewAttemptInput, reviewedAt: string): QuizResult {
  const byId = new Map(result.question_details.map((d, i) => [d.question_id, i]));
  const problems: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  input.grades.forEach((g, i) => {
    const at = byId.get(g.question_id);
    const detail = at === undefined ? undefined : result.question_details[at];
    if (!detail) problems.push({ path: `grades.${i}.question_id`, message: 'This question is not part of the attempt' });
    else if (detail.question_type !== 'essay')
      problems.push({ path: `grades.${i}.question_id`, message: 'Only essay questions are graded by hand' });
    else if (detail.user_answer === null) problems.push({ path: `grades.${i}.question_id`, message: 'This essay was not answered' });
    else if (seen.has(g.question_id)) problems.push({ path: `grades.${i}.question_id`, message: 'This question is graded twice' });
    else {
      const problem = gradeProblem(g.earned_points, detail.points);
      if (problem) problems.push({ path: `grades.${i}.earned_points`, message: problem.replace(/^Grade/, 'Points') });
    }
    seen.add(g.question_id);
  });
  if (problems.length) throw AppError.validation(problems, problems.length === 1 ? problems[0]!.message : 'Some grades are not valid');

  const grades = new Map(input.grades.map((g) => [g.question_id, g]));
  const details = result.question_details.map((d) => {
    const g = grades.get(d.question_id);
    if (!g) return d;
    return {
      ...d,
      earned_points: g.earned_points,
      is_correct: g.earned_points === d.points,
      pending_review: false,
      ...(g.feedback !== undefined ? { feedback: g.feedback } : {}),
    };
  });
  const earned = round2(details.reduce((s, d) => s + d.earned_points, 0));
  const score = result.total_points ? round2((earned / result.total_points) * 100) : 0;
  return {
    ...result,
    question_details: details,
    earned_points: earned,
    score,
    passed: score >= result.passing_score,
    correct_answers: details.filter((d) => d.is_correct).length,
    needs_manual_grading: details.some((d) => d.pending_review),
    ...(input.feedback !== undefined ? { feedback: input.feedback } : {}),
    reviewed_at: reviewedAt,
  };
}
