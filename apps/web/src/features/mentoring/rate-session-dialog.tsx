import { mentoringRoutes, RateSessionRequest, type MentoringSession } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { cn, FormField, Textarea, useToast } from '../../ui';
import { FieldMessage, FormDialog, useContractForm } from '../../ui/form';

const STARS = [1, 2, 3, 4, 5] as const;

/** Rate Session: 1 to 5 stars and an optional review, POST /sessions/{id}/rate. */
export function RateSessionDialog({ session, onClose }: { session: MentoringSession | null; onClose: () => void }) {
  // mounted per session: each rating starts with no stars
  return session ? <RateForm key={session.id} session={session} onDone={onClose} /> : null;
}

function RateForm({ session, onDone }: { session: MentoringSession; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  // 0 stars: none chosen yet, which the contract refuses
  const form = useContractForm(RateSessionRequest, { defaultValues: { rating: 0, review: '' } });
  const stars = form.watch('rating');
  const rate = useRouteMutation(mentoringRoutes.rateSession, { invalidates: ['mentoring.'] });

  const submit = form.submit((body) =>
    rate.mutate(
      { params: { id: session.id }, body },
      {
        onSuccess: () => {
          toast({ title: t('mentoring.sessions.rated'), tone: 'success', durationMs: 4000 });
          onDone();
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onDone}
      title={t('mentoring.sessions.rateTitle', { title: session.title })}
      description={t('mentoring.sessions.rateDescription', { name: session.mentor_name })}
      onSubmit={submit}
      submitLabel={t('mentoring.sessions.rateSubmit')}
      pending={rate.isPending}
      error={rate.isError ? t('mentoring.sessions.rateFailed', { detail: detailOrMessage(rate.error) }) : null}
      testId="rate-session-dialog"
      formTestId="rate-session-form"
      errorTestId="rate-error"
      submitTestId="rate-submit"
    >
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
                onChange={() => form.setValue('rating', n, { shouldValidate: form.formState.isSubmitted })}
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
        <div className="mt-1">
          <FieldMessage message={form.formState.errors.rating ? t('mentoring.sessions.rateRequired') : undefined} />
        </div>
      </fieldset>
      <FormField label={t('mentoring.sessions.review')}>
        {(field) => (
          <Textarea
            {...field}
            {...form.register('review')}
            maxLength={2000}
            rows={4}
            placeholder={t('mentoring.sessions.reviewPlaceholder')}
            data-testid="rate-review"
          />
        )}
      </FormField>
    </FormDialog>
  );
}
