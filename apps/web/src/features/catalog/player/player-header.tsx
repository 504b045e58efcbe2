import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { percent } from '../../../lib/format';
import { Alert, Button, cn, EmptyState, focusRing, ProgressBar } from '../../../ui';
import { LockIcon } from '../../../ui/icons';
import { CertificateButton } from '../../certificates';

interface PlayerHeaderProps {
  course: { id: string; title: string };
  /** the learner's progress bar; the owner previewing has none */
  enrolled: boolean;
  isOwner: boolean;
  completion: number;
  finished: boolean;
}

/** Back to the course, its title, the learner's progress (or the owner's preview note). */
export function PlayerHeader({ course, enrolled, isOwner, completion, finished }: PlayerHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 space-y-3">
      <Link to={`/course/${course.id}`} className={cn('inline-flex rounded text-sm font-medium text-primary hover:underline', focusRing)}>
        {t('player.backToCourse')}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{course.title}</h1>
      {enrolled && (
        <div className="max-w-xl space-y-1.5">
          <div className="flex justify-between text-sm">
            <span className="text-slate-700">{t('courseDetail.progress')}</span>
            <span className="font-semibold text-slate-900" data-testid="player-progress-value">
              {percent(completion)}
            </span>
          </div>
          <ProgressBar
            value={completion}
            label={t('courseDetail.progress')}
            valueText={percent(completion)}
            tone={finished ? 'success' : 'primary'}
            testId="player-progress"
          />
        </div>
      )}
      {isOwner && <Alert tone="info">{t('player.ownerPreview')}</Alert>}
    </div>
  );
}

/** Shown once the course is complete enough for its certificate. */
export function CourseCompleted({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="player-complete-heading"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="player-completed"
    >
      <div>
        <h2 id="player-complete-heading" className="text-lg font-semibold text-emerald-900">
          {t('player.congratulations')}
        </h2>
        <p className="text-sm text-emerald-900">{t('player.certificateText')}</p>
      </div>
      <CertificateButton courseId={courseId} />
    </section>
  );
}

/** Neither enrolled nor the owner: the way to the course page, where one enrols. */
export function NotEnrolled({ course }: { course: { id: string; title: string } }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl py-8" data-testid="player-not-enrolled">
      <EmptyState
        headingLevel="h1"
        title={t('player.notEnrolledTitle')}
        description={t('player.notEnrolledText', { title: course.title })}
        icon={<LockIcon className="size-6" />}
        action={
          <Button asChild>
            <Link to={`/course/${course.id}`}>{t('player.toCourse')}</Link>
          </Button>
        }
      />
    </div>
  );
}
