import { catalogRoutes, type Course, type RouteOutput } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { useDetailOrMessage } from '../../../api/error-text';
import { useFormatDate } from '../../../i18n/format-date';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, cn, Label, Textarea, useToast } from '../../../ui';
import { useRefreshCatalog } from '../shared/catalog-queries';
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
  const refresh = useRefreshCatalog();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missingRating, setMissingRating] = useState(false);
  // the messages live on the mutation itself: a successful review removes this form (one review each)
  const submitReview = useMutation({
    mutationFn: () => callRoute(catalogRoutes.createReview, { params: { id: courseId }, body: { rating, comment } }),
    onSuccess: () => {
      toast({ title: t('courseDetail.reviews.success'), tone: 'success' });
      setRating(0);
      setComment('');
      void refresh();
    },
    onError: (error) => toast({ title: t('courseDetail.reviews.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1 || rating > 5) {
      setMissingRating(true);
      return;
    }
    submitReview.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-slate-50 p-4" data-testid="review-form">
      <h3 className="font-semibold text-slate-900">{t('courseDetail.reviews.formTitle')}</h3>
      <fieldset aria-describedby={missingRating ? 'review-rating-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('courseDetail.reviews.rating')}</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((n) => (
            <label
              key={n}
              className={cn(
                'flex cursor-pointer items-center gap-1 rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                rating === n ? 'border-primary bg-primary-soft text-primary-strong' : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setMissingRating(false);
                }}
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
        {missingRating && (
          <p id="review-rating-error" role="alert" className="mt-1 text-xs font-medium text-red-700">
            {t('courseDetail.reviews.ratingRequired')}
          </p>
        )}
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor="review-comment">{t('courseDetail.reviews.comment')}</Label>
        <Textarea id="review-comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={2000} data-testid="review-comment" />
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
