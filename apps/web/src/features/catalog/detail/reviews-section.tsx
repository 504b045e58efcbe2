import { catalogRoutes, ReviewCreateRequest, type Course, type RouteOutput } from '@lp/contracts';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, cn, Label, Textarea, useToast } from '../../../ui';
import { FieldMessage, useContractForm } from '../../../ui/form';
import { RatingText } from '../shared/course-meta';

type Review = RouteOutput<typeof catalogRoutes.listReviews>[number];

const RATINGS = [1, 2, 3, 4, 5] as const;

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="text-amber-500" role="img" aria-label={t('courseDetail.reviews.stars', { rating })}>
      {RATINGS.map((n) => (
        <span key={n} aria-hidden="true" className={n <= rating ? '' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </span>
  );
}

function ReviewForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const commentId = useId();
  const form = useContractForm(ReviewCreateRequest, { defaultValues: { comment: '' } });
  const ratingError = form.errorText('rating');
  const commentError = form.errorText('comment');
  // the messages live on the mutation itself: a successful review removes this form (one review each)
  const submitReview = useRouteMutation(catalogRoutes.createReview, {
    invalidates: ['catalog.'],
    onSuccess: () => {
      toast({ title: t('courseDetail.reviews.success'), tone: 'success' });
      form.reset();
    },
    onError: (error) => toast({ title: t('courseDetail.reviews.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
  });

  const submit = form.handleSubmit((body) => submitReview.mutate({ params: { id: courseId }, body }));

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-slate-50 p-4" data-testid="review-form">
      <h3 className="font-semibold text-slate-900">{t('courseDetail.reviews.formTitle')}</h3>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <fieldset aria-describedby={ratingError ? 'review-rating-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('courseDetail.reviews.rating')}</legend>
            <div className="flex flex-wrap gap-2">
              {RATINGS.map((n) => (
                <label
                  key={n}
                  className={cn(
                    'flex cursor-pointer items-center gap-1 rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                    field.value === n ? 'border-primary bg-primary-soft text-primary-strong' : 'border-slate-300 bg-white text-slate-700',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    className="sr-only"
                    data-testid={`review-rating-${n}`}
                  />
                  <span aria-hidden="true" className="text-amber-500">
                    ★
                  </span>
                  {n}
                </label>
              ))}
            </div>
            <FieldMessage id="review-rating-error" message={ratingError} className="mt-1" />
          </fieldset>
        )}
      />
      <div className="space-y-1.5">
        <Label htmlFor={commentId}>{t('courseDetail.reviews.comment')}</Label>
        <Textarea
          id={commentId}
          {...form.register('comment')}
          rows={3}
          maxLength={2000}
          aria-invalid={Boolean(commentError)}
          data-testid="review-comment"
        />
        <FieldMessage message={commentError} />
      </div>
      <Button type="submit" loading={submitReview.isPending} data-testid="review-submit">
        {t('courseDetail.reviews.submit')}
      </Button>
    </form>
  );
}

interface ReviewsSectionProps {
  course: Course;
  reviews: Review[] | undefined;
  loadFailed: boolean;
  canReview: boolean;
}

/** Spec 2.7 reviews: the list, and a form for enrolled learners who have not reviewed yet. */
export function ReviewsSection({ course, reviews, loadFailed, canReview }: ReviewsSectionProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="course-reviews-heading" data-testid="course-reviews">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle id="course-reviews-heading">{t('courseDetail.reviews.title')}</CardTitle>
          <RatingText avg={course.rating_avg} count={course.rating_count} className="text-sm text-slate-700" />
        </CardHeader>
        <CardContent className="space-y-4">
          {canReview && <ReviewForm courseId={course.id} />}
          {loadFailed ? (
            <Alert tone="error">{t('courseDetail.reviews.loadFailed')}</Alert>
          ) : !reviews ? null : reviews.length === 0 ? (
            <p className="text-sm text-slate-600">{t('courseDetail.reviews.empty')}</p>
          ) : (
            <ul className="space-y-4">
              {reviews.map((review) => (
                <li key={review.id} className="border-b border-slate-200 pb-4 last:border-0 last:pb-0" data-testid="course-review">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-slate-900">{review.user_name}</span>
                    <Stars rating={review.rating} />
                  </div>
                  {review.comment && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{review.comment}</p>}
                  <p className="mt-1 text-xs text-slate-600">
                    <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
