/**
 * The unlocking rule of a course's assessments (spec 2, "Course player" and section 5:
 * "Assessments are locked until completion reaches 100%"), shared by the assessment service
 * (which refuses to start one, 403 ASSESSMENT_LOCKED) and every screen of the SPA that links to
 * or starts one. docs/architecture.md, "Assessment" holds the decision.
 */

/** The course completion (%) at which its assessments open to a learner. */
export const ASSESSMENT_UNLOCK_COMPLETION = 100;

export interface UnlockFacts {
  /** the assessment's course; null for a standalone one (quiz centre practice, mock tests without a course) */
  courseId: string | null;
  /** the learner's completion of that course in % (0 when unknown or not enrolled) */
  completionPercentage: number;
  /** the caller authors the assessment or owns its course: they preview it at any completion */
  manages: boolean;
}

/**
 * Whether the caller may start the assessment: every kind (quiz, exam, mock test) attached to
 * a course is locked for a learner until their completion of the course reaches 100%; a
 * standalone assessment is never locked; its author and the course's owner are exempt.
 */
export function assessmentUnlocked({ courseId, completionPercentage, manages }: UnlockFacts): boolean {
  if (courseId === null || manages) return true;
  return completionPercentage >= ASSESSMENT_UNLOCK_COMPLETION;
}
