import { assessmentUnlocked, catalogRoutes, CERTIFICATE_MIN_COMPLETION } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { isMissing } from '../../../lib/not-found';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyState } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useSignedInUser } from '../../auth';
import { NotFoundCard } from '../../errors';
import { CourseAnnouncements } from '../announcements/course-announcements';
import { CourseAssessments } from './course-assessments';
import { CourseGrades } from './course-grades';
import { CourseCompleted, NotEnrolled, PlayerHeader } from './player-header';
import { OutlineNav } from './player-outline';
import { playerOutline, selectedUnit } from './player-units';
import { UnitViewer } from './unit-viewer';
import { useMarkComplete, useUnitParam } from './use-player-actions';

/** Spec (learning content) course player /course/{courseId}/learn. */
export function CoursePlayerPage() {
  const { t } = useTranslation();
  const { courseId } = useParams<{ courseId: string }>();
  const [askedId, select] = useUnitParam();
  const user = useSignedInUser();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id: courseId } });
  const isOwner = course.data ? course.data.instructor_id === user.id : false;
  const enrollment = useRouteQuery(
    catalogRoutes.checkEnrollment,
    { params: { id: courseId } },
    { enabled: Boolean(course.data) && !isOwner },
  );
  const enrolled = enrollment.data?.enrolled === true;
  const canLearn = isOwner || enrolled;
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id: courseId } });
  const content = useRouteQuery(catalogRoutes.listContent, { params: { id: courseId } }, { enabled: canLearn, retry: false });
  const progress = useRouteQuery(catalogRoutes.progress, { params: { courseId } }, { enabled: enrolled });
  usePageTitle(course.data ? t('player.pageTitle', { title: course.data.title }) : t('areas.courseLearn'));
  const { complete, marking } = useMarkComplete(courseId ?? '');

  // a failed course read first: its enrollment check never runs, so it would stay pending
  if (course.isError) {
    if (isMissing(course.error)) return <NotFoundCard title={t('catalog.courseNotFound')} />;
    return <LoadError error={course.error} title={t('courseDetail.loadFailed')} onRetry={() => void course.refetch()} />;
  }
  if (course.isPending || (!isOwner && enrollment.isPending)) return <LoadingBlock />;
  const data = course.data;
  if (!canLearn) return <NotEnrolled course={data} />;

  const outline = playerOutline(lessons.data ?? [], content.data?.content_items ?? [], isOwner);
  const { units } = outline;
  const done = new Set([...(progress.data?.lessons_completed_ids ?? []), ...(progress.data?.completed_items ?? [])]);
  const completion = progress.data?.completion_percentage ?? 0;
  const finished = enrolled && completion >= CERTIFICATE_MIN_COMPLETION;
  // the one unlocking rule (the server refuses a locked start: 403 ASSESSMENT_LOCKED); the owner sees no start buttons here
  const assessmentsOpen = enrolled && assessmentUnlocked({ courseId: data.id, completionPercentage: completion, manages: false });
  const selected = selectedUnit(units, askedId, done);
  const nextUnit = selected ? units[units.indexOf(selected) + 1] : undefined;

  return (
    <div data-testid="course-player" data-course-id={data.id}>
      <PlayerHeader course={data} enrolled={enrolled} isOwner={isOwner} completion={completion} finished={finished} />
      {finished && <CourseCompleted courseId={data.id} />}

      {lessons.isPending || content.isPending ? (
        <LoadingBlock />
      ) : units.length === 0 ? (
        <EmptyState title={t('player.emptyTitle')} description={t('player.emptyText')} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="player-unit-title" className="min-w-0 space-y-4">
            {selected && (
              <UnitViewer
                unit={selected}
                done={done.has(selected.id)}
                enrolled={enrolled}
                marking={marking}
                onComplete={() => complete(selected)}
                onNext={nextUnit ? () => select(nextUnit.id) : null}
              />
            )}
          </section>
          <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
            <OutlineNav outline={outline} selectedId={selected?.id} done={done} onSelect={select} />
          </aside>
        </div>
      )}

      <div className="mt-6 space-y-6">
        {/* a course announcement's notification leads here */}
        <CourseAnnouncements courseId={data.id} />
        <CourseAssessments courseId={data.id} unlocked={assessmentsOpen} isOwner={isOwner} />
        {enrolled && <CourseGrades courseId={data.id} />}
      </div>
    </div>
  );
}
