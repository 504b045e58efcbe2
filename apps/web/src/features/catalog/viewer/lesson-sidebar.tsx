import type { Lesson } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cn, focusRing } from '../../../ui';
import { CheckIcon, LockIcon } from '../../../ui/icons';

/** The course's lessons beside the one open: done ones ticked, the ones this reader may not open locked. */
export function LessonSidebar({
  lessons,
  currentId,
  completed,
  canOpenAll,
}: {
  lessons: Lesson[];
  currentId: string;
  completed: ReadonlySet<string>;
  canOpenAll: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="lesson-sidebar-heading" data-testid="lesson-sidebar">
      <h2 id="lesson-sidebar-heading" className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">
        {t('lessonViewer.courseLessons')}
      </h2>
      <ol className="space-y-1">
        {lessons.map((lesson, index) => {
          const current = lesson.id === currentId;
          const open = canOpenAll || lesson.is_free_preview;
          const done = completed.has(lesson.id);
          const body = (
            <>
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  done ? 'bg-emerald-100 text-emerald-800' : current ? 'bg-primary text-white' : 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <CheckIcon className="size-3.5" /> : open ? index + 1 : <LockIcon className="size-3.5" />}
              </span>
              <span className="min-w-0 flex-1 break-words">{lesson.title}</span>
              {done && <span className="sr-only">{t('courseDetail.lessonDone')}</span>}
              {!open && <span className="sr-only">{t('courseDetail.locked')}</span>}
            </>
          );
          return (
            <li key={lesson.id}>
              {open ? (
                <Link
                  to={`/lessons/${lesson.id}`}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-lg px-2 py-2 text-sm',
                    current ? 'bg-primary-soft font-medium text-primary-strong' : 'text-slate-700 hover:bg-slate-100',
                    focusRing,
                  )}
                >
                  {body}
                </Link>
              ) : (
                <span className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm text-slate-600">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
