import type { Lesson } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle, cn, EmptyState, focusRing } from '../../../ui';
import { CheckIcon, LockIcon, PlayIcon } from '../../../ui/icons';

interface CourseLessonsProps {
  courseId: string;
  lessons: Lesson[];
  isOwner: boolean;
  enrolled: boolean;
  completedIds: ReadonlySet<string>;
  /** content items per lesson id (the player lists them under their lesson) */
  itemCounts?: ReadonlyMap<string, number>;
}

/**
 * Spec 2.7 lesson list. The instructor sees every lesson (drafts too) and the lesson tools;
 * an enrolled learner sees every lesson and what is done; anyone else sees a lock message,
 * and only the free-preview lessons open (the others are listed locked).
 */
export function CourseLessons({ courseId, lessons, isOwner, enrolled, completedIds, itemCounts }: CourseLessonsProps) {
  const { t } = useTranslation();
  const canOpenAll = isOwner || enrolled;

  return (
    <section aria-labelledby="course-lessons-heading" data-testid="course-lessons">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle id="course-lessons-heading">{t('courseDetail.lessonsHeading', { count: lessons.length })}</CardTitle>
          {isOwner && lessons.length > 0 && (
            <Button asChild variant="outline" size="sm">
              <Link to={`/instructor/course/${courseId}/lessons`} data-testid="manage-lessons-link">
                {t('courseDetail.manageLessons')}
              </Link>
            </Button>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {!canOpenAll && (
            <Alert tone="info" className="flex items-start gap-2" data-testid="lessons-lock-message">
              <LockIcon className="mt-0.5 size-4 shrink-0" />
              <span>{t('courseDetail.lockMessage')}</span>
            </Alert>
          )}
          {lessons.length === 0 ? (
            isOwner ? (
              <EmptyState
                headingLevel="h3"
                title={t('courseDetail.noLessonsOwner')}
                description={t('courseDetail.noLessonsOwnerText')}
                action={
                  <Button asChild>
                    <Link to={`/instructor/course/${courseId}/lessons`} data-testid="add-first-lesson">
                      {t('courseDetail.addFirstLesson')}
                    </Link>
                  </Button>
                }
              />
            ) : (
              <p className="text-sm text-slate-600">{t('courseDetail.noLessons')}</p>
            )
          ) : (
            <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {lessons.map((lesson) => {
                const open = canOpenAll || lesson.is_free_preview;
                const done = completedIds.has(lesson.id);
                return (
                  <li
                    key={lesson.id}
                    className="flex items-center gap-3 px-3 py-3 sm:px-4"
                    data-testid="course-lesson"
                    data-lesson-id={lesson.id}
                    data-locked={open ? 'false' : 'true'}
                  >
                    <span
                      className={cn(
                        'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                        done ? 'bg-emerald-100 text-emerald-800' : open ? 'bg-primary-soft text-primary' : 'bg-slate-100 text-slate-600',
                      )}
                    >
                      {done ? <CheckIcon /> : open ? <PlayIcon /> : <LockIcon />}
                    </span>
                    <div className="min-w-0 flex-1">
                      {open ? (
                        <Link
                          to={`/lessons/${lesson.id}`}
                          className={cn('rounded font-medium text-slate-900 hover:text-primary hover:underline', focusRing)}
                        >
                          {lesson.title}
                        </Link>
                      ) : (
                        <span className="font-medium text-slate-600">{lesson.title}</span>
                      )}
                      <p className="text-xs text-slate-600">
                        {t(`catalog.lessonTypes.${lesson.content_type}`)} · {t('catalog.minutes', { count: lesson.duration_minutes })}
                        {(itemCounts?.get(lesson.id) ?? 0) > 0 && (
                          <> · {t('courseStructure.itemCount', { count: itemCounts?.get(lesson.id) ?? 0 })}</>
                        )}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">
                      {done && <span className="sr-only">{t('courseDetail.lessonDone')}</span>}
                      {lesson.is_free_preview && <Badge tone="primary">{t('catalog.freePreview')}</Badge>}
                      {isOwner && !lesson.is_published && <Badge tone="warning">{t('catalog.draft')}</Badge>}
                      {!open && (
                        <Badge tone="neutral" data-testid="lesson-locked">
                          {t('courseDetail.locked')}
                        </Badge>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
