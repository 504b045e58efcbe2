import { GRADE_STEP, ReviewAttemptRequest, type QuestionDetail, type QuizResult, type ReviewAttemptInput } from '@lp/contracts';
import { z } from 'zod';

/** One essay's fields in the review form: points as typed ('' = not graded now) and feedback. */
export interface EssayGradeValues {
  question_id: string;
  earned_points: string;
  feedback: string;
}
export interface ReviewFormValues {
  grades: EssayGradeValues[];
  feedback: string;
}

export const isEssay = (d: Pick<QuestionDetail, 'question_type'>): boolean => d.question_type === 'essay';

/** The form filled from the attempt: a graded essay shows its points, a pending one is left blank. */
export function reviewDefaults(result: QuizResult): ReviewFormValues {
  return {
    grades: result.question_details.filter(isEssay).map((d) => ({
      question_id: d.question_id,
      earned_points: d.pending_review ? '' : String(d.earned_points),
      feedback: d.feedback ?? '',
    })),
    feedback: result.feedback ?? '',
  };
}

export interface FieldProblem {
  /** a react-hook-form path of ReviewFormValues: grades.<i>.earned_points, grades.<i>.feedback, feedback or root */
  path: string;
  message: string;
}

/**
 * Maps a body path (as the server names it, `grades.<i>.earned_points`) to the form's path:
 * essays left blank are not sent, so the i-th grade sent is not always the i-th essay.
 */
export function formPath(bodyPath: string, sentIndexes: readonly number[]): string {
  const m = /^grades\.(\d+)(\..+)?$/.exec(bodyPath);
  if (!m) return bodyPath === 'feedback' ? 'feedback' : 'root';
  const formIndex = sentIndexes[Number(m[1])];
  if (formIndex === undefined) return 'root';
  return `grades.${formIndex}${m[2] ?? '.earned_points'}`;
}

/**
 * The request body of POST /learner/quiz-attempts/{id}/review, checked on the contract schema
 * plus the bound the contract leaves to the service (at most the question's points). Blank
 * points leave an essay as it is; feedback is sent as written ('' clears it).
 */
export function reviewBody(
  values: ReviewFormValues,
  details: readonly QuestionDetail[],
  messages: { tooMany: (points: number) => string; notANumber: string },
): { body: ReviewAttemptInput; sentIndexes: number[] } | { problems: FieldProblem[] } {
  const pointsOf = new Map(details.map((d) => [d.question_id, d.points]));
  const problems: FieldProblem[] = [];
  const sentIndexes: number[] = [];
  const grades: { question_id: string; earned_points: number; feedback: string }[] = [];
  values.grades.forEach((g, i) => {
    const typed = g.earned_points.trim();
    if (typed === '') return;
    const points = Number(typed);
    if (!Number.isFinite(points)) {
      problems.push({ path: `grades.${i}.earned_points`, message: messages.notANumber });
      return;
    }
    const max = pointsOf.get(g.question_id) ?? 0;
    if (points > max) problems.push({ path: `grades.${i}.earned_points`, message: messages.tooMany(max) });
    sentIndexes.push(i);
    grades.push({ question_id: g.question_id, earned_points: points, feedback: g.feedback });
  });
  const parsed = ReviewAttemptRequest.safeParse({ grades, feedback: values.feedback });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPath(issue.path.join('.'), sentIndexes);
      if (!problems.some((p) => p.path === path)) problems.push({ path, message: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) return { problems };
  return { body: parsed.data, sentIndexes };
}

/**
 * The review form's schema for react-hook-form: the contract's review request, built from the
 * form by reviewBody, each problem on the field it belongs to.
 */
export function reviewFormSchema(
  details: readonly QuestionDetail[],
  messages: { tooMany: (points: number) => string; notANumber: string },
) {
  return z
    .object({
      grades: z.array(z.object({ question_id: z.string(), earned_points: z.string(), feedback: z.string() })),
      feedback: z.string(),
    })
    .transform((values, ctx) => {
      const checked = reviewBody(values, details, messages);
      if ('body' in checked) return checked;
      for (const p of checked.problems) ctx.addIssue({ code: 'custom', path: p.path.split('.'), message: p.message });
      return z.NEVER;
    });
}

export { GRADE_STEP };
