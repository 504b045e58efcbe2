import { assessmentUnlocked, catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { LockIcon } from '../../../ui/icons';
import { useSignedInUser } from '../../auth';

/**
 * The one unlocking rule (libs/contracts assessmentUnlocked: a course's assessments open to a
 * learner at 100% completion) on the screens that list assessments of many courses: the quiz
 * centre and the quiz card. The learner's completions come from GET /learner/enrolled-courses;
 * the server refuses a locked start anyway (403 ASSESSMENT_LOCKED).
 */
export function useAssessmentLock(): (quiz: { course_id: string | null; created_by: string }) => boolean {
  const user = useSignedInUser();
  const learner = user.role === 'learner';
  const courses = useRouteQuery(catalogRoutes.learnerEnrolledCourses, {}, { enabled: learner });
  return (quiz) => {
    if (!learner || quiz.course_id === null) return false;
    const course = courses.data?.find((c) => c.course_id === quiz.course_id);
    // not enrolled (or not known yet): the server answers why (NOT_ENROLLED), nothing is claimed here
    if (!course) return false;
    return !assessmentUnlocked({
      courseId: quiz.course_id,
      completionPercentage: course.progress_percentage,
      manages: quiz.created_by === user.id,
    });
  };
}

/** What a locked assessment shows instead of its start button. */
export function AssessmentLockedNote({ testId = 'assessment-locked' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2 text-sm text-slate-600" data-testid={testId}>
      <LockIcon className="mt-0.5 size-4 shrink-0" />
      {t('taking.locked')}
    </p>
  );
}
