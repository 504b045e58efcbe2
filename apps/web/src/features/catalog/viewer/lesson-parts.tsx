import type { ContentItem, Lesson } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, cn, focusRing } from '../../../ui';
import { BackIcon, CheckIcon, ForwardIcon, LockIcon } from '../../../ui/icons';

/** Where the lesson stands in the course, its type, length and state, its title and description. */
export function LessonHeader({ lesson, index, total, isDone }: { lesson: Lesson; index: number; total: number; isDone: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {index >= 0 && <span>{t('lessonViewer.position', { current: index + 1, total })}</span>}
        <Badge tone="neutral">{t(`catalog.lessonTypes.${lesson.content_type}`)}</Badge>
        <span>{t('catalog.minutes', { count: lesson.duration_minutes })}</span>
        {lesson.is_free_preview && <Badge tone="primary">{t('catalog.freePreview')}</Badge>}
        {isDone && (
          <Badge tone="success" data-testid="lesson-completed-badge">
            <CheckIcon className="mr-1 size-3.5" />
            {t('lessonViewer.completed')}
          </Badge>
        )}
      </div>
      <h1 id="lesson-title" className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {lesson.title}
      </h1>
      {lesson.description && <p className="text-slate-600">{lesson.description}</p>}
    </header>
  );
}

/** The lesson's content items, each opening in the course player. */
export function LessonItems({ courseId, items }: { courseId: string; items: ContentItem[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="lesson-items-heading" className="space-y-2" data-testid="lesson-items">
      <h2 id="lesson-items-heading" className="text-lg font-semibold text-slate-900">
        {t('coursePlayer.inThisLesson', { count: items.length })}
      </h2>
      <p className="text-sm text-slate-600">{t('coursePlayer.inThisLessonText')}</p>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2 px-4 py-3 text-sm">
            <Badge tone="neutral">{t(`catalog.contentTypes.${item.type}`)}</Badge>
            <Link
              to={`/course/${courseId}/learn?item=${item.id}`}
              className={cn('min-w-0 rounded font-medium break-words text-slate-900 hover:text-primary hover:underline', focusRing)}
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An enrolled learner's Mark Complete, or that the lesson is done. */
export function CompletePanel({ isDone, pending, onComplete }: { isDone: boolean; pending: boolean; onComplete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">{isDone ? t('lessonViewer.doneText') : t('lessonViewer.markText')}</p>
      <Button onClick={onComplete} loading={pending} disabled={isDone} variant={isDone ? 'outline' : 'primary'} data-testid="mark-complete">
        {isDone ? (
          <>
            <CheckIcon />
            {t('lessonViewer.completed')}
          </>
        ) : (
          t('lessonViewer.markComplete')
        )}
      </Button>
    </div>
  );
}

/** The previous or next lesson: a link, or a locked button when this reader may not open it. */
export function LessonNavLink({
  target,
  direction,
  canOpenAll,
}: {
  target: Lesson | undefined;
  direction: 'previous' | 'next';
  canOpenAll: boolean;
}) {
  const { t } = useTranslation();
  if (!target) return <span />;
  const open = canOpenAll || target.is_free_preview;
  const label = direction === 'previous' ? t('lessonViewer.previous') : t('lessonViewer.next');
  const content = (
    <>
      {direction === 'previous' && <BackIcon />}
      <span className="flex min-w-0 flex-col text-left">
        <span className="text-xs text-slate-600">{label}</span>
        <span className="break-words">{target.title}</span>
      </span>
      {direction === 'next' && <ForwardIcon />}
    </>
  );
  return open ? (
    <Button asChild variant="outline" className="h-auto max-w-[48%] py-2">
      <Link to={`/lessons/${target.id}`} data-testid={`${direction}-lesson`} rel={direction === 'next' ? 'next' : 'prev'}>
        {content}
      </Link>
    </Button>
  ) : (
    <Button variant="outline" className="h-auto max-w-[48%] py-2" disabled data-testid={`${direction}-lesson`}>
      <LockIcon />
      {content}
    </Button>
  );
}

/** Back to the course page, named after the course once it is loaded. */
export function BackToCourse({ courseId, title }: { courseId: string; title: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/course/${courseId}`}
      className={cn('mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline', focusRing)}
      data-testid="back-to-course"
    >
      <BackIcon />
      {title ?? t('lessonViewer.backToCourse')}
    </Link>
  );
}

/** A free preview read by someone not enrolled: the way to enrol. */
export function PreviewNote({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  return (
    <p className="rounded-xl bg-primary-soft p-3 text-sm text-primary-strong">
      {t('lessonViewer.previewNote')}{' '}
      <Link to={`/course/${courseId}`} className="font-medium underline">
        {t('lessonViewer.enrollLink')}
      </Link>
    </p>
  );
}
