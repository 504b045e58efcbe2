import { catalogRoutes, CERTIFICATE_MIN_COMPLETION, type Course, type CourseProgress } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverDetail } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, cn, ProgressBar, Spinner, useToast } from '../../../ui';
import { CertificateButton } from '../../certificates';
import { percent, usePriceText } from '../../../lib/format';
import { CheckIcon } from '../../../ui/icons';
import { PaidEnrollmentReturn } from './paid-enrollment-return';
import { PaymentDialog } from './payment-dialog';

interface EnrollmentPanelProps {
  course: Course;
  isOwner: boolean;
  enrolled: boolean | undefined;
  progress: CourseProgress | undefined;
}

/**
 * Spec 2.7 enrollment area: enroll (free) or pay (paid, through the payment dialog or back from a
 * provider's checkout); enrolled learners see progress and, at 100%, the certificate.
 */
export function EnrollmentPanel({ course, isOwner, enrolled, progress }: EnrollmentPanelProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const priceText = usePriceText();
  // POST /courses/{id}/enroll: a paid course answers 402 until billing has the payment
  const enroll = useRouteMutation(catalogRoutes.enroll, { invalidates: ['catalog.'] });
  const [paying, setPaying] = useState(false);
  const isFree = course.price <= 0;
  const completion = progress?.completion_percentage ?? 0;
  const completed = completion >= CERTIFICATE_MIN_COMPLETION;
  // the price and Enroll: a bar fixed to the bottom of a phone's screen (in view without scrolling
  // past the description and lessons), the top of this card from lg up. One element, restyled per breakpoint.
  const offersEnrollment = !isOwner && enrolled === false;
  const price = (
    <p
      className={offersEnrollment ? 'text-xl font-bold text-slate-900 lg:text-3xl' : 'text-3xl font-bold text-slate-900'}
      data-testid="course-detail-price"
    >
      {priceText(course.price)}
    </p>
  );

  const enrollFree = () =>
    enroll.mutate(
      { params: { id: course.id } },
      {
        onSuccess: () => toast({ title: t('courseDetail.freeEnrolled'), tone: 'success' }),
        onError: (error) =>
          toast({ title: t('courseDetail.enrollFailed', { detail: serverDetail(error) ?? t('courseDetail.tryAgain') }), tone: 'error' }),
      },
    );

  return (
    <Card data-testid="enrollment-panel" className={offersEnrollment ? 'mb-24 lg:mb-0' : undefined}>
      <CardContent className="space-y-4">
        <h2 className="sr-only">{t('courseDetail.enrollmentHeading')}</h2>
        {!offersEnrollment && price}
        {/* back from a provider's checkout (?payment=<id>): confirm the payment, then enroll with it */}
        {!isOwner && !isFree && <PaidEnrollmentReturn course={course} />}

        {isOwner ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700" data-testid="owner-note">
              {t('courseDetail.ownerNote')}
            </p>
            <Button asChild className="w-full">
              <Link to={`/instructor/course/${course.id}`} data-testid="manage-course-link">
                {t('courseDetail.manageCourse')}
              </Link>
            </Button>
          </div>
        ) : enrolled === undefined ? (
          <Spinner className="text-primary" />
        ) : enrolled ? (
          <div className="space-y-3" data-testid="enrolled-state">
            <Badge tone="success">
              <CheckIcon className="mr-1 size-3.5" />
              {t('courseDetail.enrolled')}
            </Badge>
            {progress && (
              <div className="space-y-1.5">
                <div className="flex justify-between text-sm">
                  <span className="text-slate-700">{t('courseDetail.progress')}</span>
                  <span className="font-semibold text-slate-900" data-testid="course-progress-value">
                    {percent(completion)}
                  </span>
                </div>
                <ProgressBar
                  value={completion}
                  label={t('courseDetail.progress')}
                  valueText={percent(completion)}
                  tone={completed ? 'success' : 'primary'}
                  testId="course-progress"
                />
              </div>
            )}
            {completed && (
              <div className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3" data-testid="course-completed">
                <Badge tone="success" className="text-sm">
                  {t('courseDetail.completedBadge')}
                </Badge>
                <p className="text-sm text-emerald-900">{t('courseDetail.completedText')}</p>
                <CertificateButton courseId={course.id} className="w-full" />
              </div>
            )}
            <Button asChild variant={completed ? 'outline' : 'primary'} className="w-full">
              <Link to={`/course/${course.id}/learn`} data-testid="open-course-player">
                {completed ? t('courseDetail.reviewCourse') : t('courseDetail.continueLearning')}
              </Link>
            </Button>
          </div>
        ) : (
          <div
            className={cn(
              'fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur',
              'lg:static lg:flex-col lg:items-stretch lg:gap-4 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none',
            )}
            data-testid="enroll-bar"
          >
            {price}
            {isFree ? (
              <Button className="shrink-0 lg:w-full" size="lg" onClick={enrollFree} loading={enroll.isPending} data-testid="enroll-button">
                {t('courseDetail.enrollFree')}
              </Button>
            ) : (
              <>
                <Button className="shrink-0 lg:w-full" size="lg" onClick={() => setPaying(true)} data-testid="enroll-button">
                  {t('courseDetail.enrollPaid', { price: priceText(course.price) })}
                </Button>
                <PaymentDialog course={course} open={paying} onOpenChange={setPaying} />
              </>
            )}
          </div>
        )}

        <dl className="space-y-2 border-t border-slate-200 pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('courseDetail.facts.lessons')}</dt>
            <dd className="font-medium text-slate-900">{course.lesson_count}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('courseDetail.facts.contentItems')}</dt>
            <dd className="font-medium text-slate-900">{course.content_items.length}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('courseDetail.facts.students')}</dt>
            <dd className="font-medium text-slate-900" data-testid="course-enrollment-count">
              {course.enrollment_count}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('courseDetail.facts.level')}</dt>
            <dd className="font-medium text-slate-900">{t(`catalog.levels.${course.level}`)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
