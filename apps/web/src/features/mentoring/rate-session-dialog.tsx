import { mentoringRoutes, type MentoringSession } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import {
  Alert,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Textarea,
  useToast,
} from '../../ui';

const STARS = [1, 2, 3, 4, 5] as const;

/** Rate Session: 1 to 5 stars and an optional review, POST /sessions/{id}/rate. */
export function RateSessionDialog({ session, onClose }: { session: MentoringSession | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={session !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="rate-session-dialog">
        {session && (
          <>
            <DialogHeader>
              <DialogTitle>{t('mentoring.sessions.rateTitle', { title: session.title })}</DialogTitle>
              <DialogDescription>{t('mentoring.sessions.rateDescription', { name: session.mentor_name })}</DialogDescription>
            </DialogHeader>
            <RateForm key={session.id} session={session} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RateForm({ session, onDone }: { session: MentoringSession; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [stars, setStars] = useState(0);
  const [review, setReview] = useState('');
  const [missing, setMissing] = useState(false);
  const rate = useRouteMutation(mentoringRoutes.rateSession, { invalidates: ['mentoring.'] });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stars < 1) return setMissing(true);
    rate.mutate(
      { params: { id: session.id }, body: { rating: stars, review: review.trim() } },
      {
        onSuccess: () => {
          toast({ title: t('mentoring.sessions.rated'), tone: 'success', durationMs: 4000 });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="rate-session-form">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('mentoring.sessions.stars')}</legend>
        <div className="flex gap-1">
          {STARS.map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
              data-testid={`rate-star-${n}`}
            >
              <input
                type="radio"
                name="session-rating"
                value={n}
                checked={stars === n}
                onChange={() => (setStars(n), setMissing(false))}
                className="sr-only"
              />
              <span className="sr-only">{t('mentoring.sessions.star', { count: n })}</span>
              <svg
                viewBox="0 0 20 20"
                className={cn('size-8', n <= stars ? 'text-amber-500' : 'text-slate-300')}
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
              </svg>
            </label>
          ))}
        </div>
        {missing && (
          <p className="mt-1 text-xs font-medium text-red-700" role="alert">
            {t('mentoring.sessions.rateRequired')}
          </p>
        )}
      </fieldset>
      <FormField label={t('mentoring.sessions.review')}>
        {(field) => (
          <Textarea
            {...field}
            value={review}
            maxLength={2000}
            rows={4}
            onChange={(e) => setReview(e.target.value)}
            placeholder={t('mentoring.sessions.reviewPlaceholder')}
            data-testid="rate-review"
          />
        )}
      </FormField>
      {rate.isError && (
        <Alert tone="error" data-testid="rate-error">
          {t('mentoring.sessions.rateFailed', { detail: detailOrMessage(rate.error) })}
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={rate.isPending} data-testid="rate-submit">
          {t('mentoring.sessions.rateSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
