import {
  CommonErrorCode,
  mentoringRoutes,
  MentoringErrorCode,
  BillingErrorCode,
  BookSessionRequest,
  PAYMENT_METHODS,
  SESSION_DURATIONS,
  type MentorProfile,
} from '@lp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error';
import { serverDetail } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { usePageTitle } from '../../lib/use-page-title';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  FormField,
  Input,
  Select,
  Spinner,
  Textarea,
  useToast,
} from '../../ui';
import { FieldMessage, FormErrorAlert, useContractForm } from '../../ui/form';
import {
  CheckoutRedirectNotice,
  useCheckoutRedirect,
  useMoney,
  PaymentMethodPicker,
  type PaymentMethod,
  PaymentSummary,
  useWalletCover,
} from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { dayKey, groupSlotsByDay, lastBookableDay, nextDaysWindow, sessionTotalMinor, slotWindowFor, withCurrencyCode } from './logic';
import { viewerTimeZone } from '../../lib/time-zone';
import { MentorAvatar, MentorRating, useHourlyRate } from './mentor-bits';

/** Spec: notifications of booking hide after 3 seconds. */
const BOOKING_TOAST_MS = 3000;

const isNotFound = (error: unknown) =>
  isApiError(error) &&
  (error.status === 404 || error.code === MentoringErrorCode.MENTOR_NOT_FOUND || error.code === CommonErrorCode.VALIDATION_FAILED);

/** Spec 3 /mentor/{userId}/book: the mentor's profile and the booking form; an unknown mentor gets 'Mentor not found'. */
export function MentorBookingPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const profile = useRouteQuery(mentoringRoutes.mentorProfile, { params: { userId: id } }, { retry: (n, e) => !isNotFound(e) && n < 2 });
  const notFound = profile.isError && isNotFound(profile.error);
  usePageTitle(
    profile.data
      ? t('mentoring.book.title', { name: profile.data.name })
      : notFound
        ? t('mentoring.book.notFound')
        : t('areas.mentorBooking'),
  );

  if (profile.isPending) return <LoadingBlock />;
  if (notFound) return <MentorNotFound />;
  if (profile.isError) {
    return (
      <div className="space-y-4">
        <BackToMentors />
        <LoadError error={profile.error} title={t('mentoring.book.loadFailed')} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  const mentor = profile.data;
  return (
    <div data-testid="mentor-booking-page" className="space-y-6">
      <BackToMentors />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('mentoring.book.title', { name: mentor.name })}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <MentorProfileCard mentor={mentor} />
        {mentor.is_accepting_bookings ? (
          <BookingForm mentor={mentor} />
        ) : (
          <Alert tone="info" data-testid="booking-not-accepting">
            {t('mentoring.book.notAccepting', { name: mentor.name })}
          </Alert>
        )}
      </div>
    </div>
  );
}

function BackToMentors() {
  const { t } = useTranslation();
  return (
    <Link
      to="/mentors"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      data-testid="back-to-mentors"
    >
      <span aria-hidden="true">←</span> {t('mentoring.book.backToMentors')}
    </Link>
  );
}

function MentorNotFound() {
  const { t } = useTranslation();
  return (
    <div data-testid="mentor-not-found" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('mentoring.book.notFound')}</h1>
      <p className="text-slate-600">{t('mentoring.book.notFoundText')}</p>
      <Link to="/mentors" className={buttonClasses('primary')} data-testid="mentor-not-found-back">
        {t('mentoring.book.backToMentors')}
      </Link>
    </div>
  );
}

function MentorProfileCard({ mentor }: { mentor: MentorProfile }) {
  const { t } = useTranslation();
  const hourlyRate = useHourlyRate();
  return (
    <Card data-testid="mentor-profile">
      <CardContent className="space-y-4">
        <div className="flex items-center gap-4">
          <MentorAvatar mentor={mentor} size="lg" />
          <div className="min-w-0 space-y-1">
            <h2 className="text-lg font-semibold break-words text-slate-900">{t('mentoring.book.about', { name: mentor.name })}</h2>
            <MentorRating mentor={mentor} />
          </div>
        </div>
        {mentor.bio && <p className="text-sm break-words whitespace-pre-line text-slate-700">{mentor.bio}</p>}
        {mentor.expertise_areas.length > 0 && (
          <ul aria-label={t('mentoring.card.expertiseLabel')} className="flex flex-wrap gap-1.5">
            {mentor.expertise_areas.map((area) => (
              <li key={area}>
                <Badge tone="neutral">{area}</Badge>
              </li>
            ))}
          </ul>
        )}
        <ul className="space-y-1 text-sm text-slate-700">
          <li className="font-semibold text-slate-900" data-testid="booking-rate">
            {hourlyRate(mentor)}
          </li>
          <li>{t('mentoring.card.experience', { count: mentor.experience_years })}</li>
          {mentor.languages.length > 0 && <li>{t('mentoring.card.languages', { languages: mentor.languages.join(', ') })}</li>}
          <li>{t('mentoring.book.sessions', { count: mentor.total_sessions })}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

/** What the visitor fills in; the mentor and the payment method are added when it is sent. */
const BookingFormSchema = BookSessionRequest.pick({ title: true, description: true, scheduled_at: true, duration_minutes: true });
const NO_TIME = '';

function BookingForm({ mentor }: { mentor: MentorProfile }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const money = useMoney();
  const { redirectingTo, redirect } = useCheckoutRedirect();
  const zone = useMemo(() => viewerTimeZone(), []);
  const today = useMemo(() => dayKey(new Date(), zone), [zone]);

  const vt = useValidationText();
  const form = useContractForm(BookingFormSchema, {
    defaultValues: { title: '', description: '', scheduled_at: NO_TIME, duration_minutes: 60 },
  });
  const { errors } = form.formState;
  const [duration, start] = form.watch(['duration_minutes', 'scheduled_at']);
  const setStart = (at: string) => form.setValue('scheduled_at', at, { shouldValidate: form.formState.isSubmitted });
  const [day, setDay] = useState(today);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  /** what the server's answer said (the form's own check speaks first) */
  const [problem, setProblem] = useState<string | null>(null);

  const slots = useRouteQuery(
    mentoringRoutes.freeSlots,
    { params: { userId: mentor.user_id }, query: { ...slotWindowFor(day, today), duration_minutes: duration } },
    // the times a visitor picks from stay put while they fill the form; a taken one is refreshed on purpose
    { staleTime: 60_000, refetchOnWindowFocus: false },
  );
  const daySlots = useMemo(
    () => (slots.data ? (groupSlotsByDay(slots.data.slots, zone).find((d) => d.day === day)?.slots ?? []) : []),
    [slots.data, zone, day],
  );
  // a day without free times points to the next day that has some (two weeks ahead at most)
  const dayIsEmpty = Boolean(slots.data) && daySlots.length === 0;
  const ahead = useRouteQuery(
    mentoringRoutes.freeSlots,
    { params: { userId: mentor.user_id }, query: { ...nextDaysWindow(day, today), duration_minutes: duration } },
    { enabled: dayIsEmpty, staleTime: 60_000, refetchOnWindowFocus: false },
  );
  const nextDay = useMemo(
    () => (dayIsEmpty && ahead.data ? (groupSlotsByDay(ahead.data.slots, zone).find((d) => d.day > day)?.day ?? null) : null),
    [dayIsEmpty, ahead.data, zone, day],
  );
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', dateStyle: 'full' }), [i18n.language]);
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { timeZone: zone, hour: '2-digit', minute: '2-digit' }),
    [i18n.language, zone],
  );

  const currency = mentor.hourly_rate.currency;
  const price = { amount_minor: sessionTotalMinor(mentor.hourly_rate.amount_minor, duration), currency };
  const cover = useWalletCover(price);
  const method: PaymentMethod = cover.insufficient && (chosen ?? 'wallet') === 'wallet' ? 'chapa' : (chosen ?? 'wallet');
  const totalText = withCurrencyCode(money.of(price), currency);

  const book = useRouteMutation(mentoringRoutes.bookSession, { invalidates: ['mentoring.', 'billing.'] });

  const bookingProblem = (error: unknown): string => {
    if (isApiError(error)) {
      switch (error.code) {
        case MentoringErrorCode.SLOT_TAKEN:
          return t('mentoring.book.slotTaken');
        case BillingErrorCode.INSUFFICIENT_BALANCE:
          return t('mentoring.book.insufficientBalance');
        case MentoringErrorCode.OUTSIDE_AVAILABILITY:
          return t('mentoring.book.outsideAvailability');
        case MentoringErrorCode.TOO_SOON:
          return t('mentoring.book.tooSoon');
        case MentoringErrorCode.NOT_ACCEPTING_BOOKINGS:
          return t('mentoring.book.notAcceptingError');
      }
      // a refusal the server explains (a field, a limit) says so; anything else is the spec's fallback
      if (error.status >= 400 && error.status < 500) return serverDetail(error) ?? t('mentoring.book.failed');
    }
    return t('mentoring.book.failed');
  };

  const submit = form.submit((fields) => {
    setProblem(null);
    book.mutate(
      { body: { ...fields, mentor_id: mentor.user_id, payment_method: method } },
      {
        onSuccess: (reply) => {
          if (!reply || typeof reply.id !== 'string' || !reply.id) {
            setProblem(t('mentoring.book.invalidResponse'));
            return;
          }
          if (reply.checkout_url) return redirect(reply.checkout_url);
          toast({ title: t('mentoring.book.booked'), tone: 'success', durationMs: BOOKING_TOAST_MS });
          navigate(`/sessions/${reply.id}/success`);
        },
        onError: (error) => {
          setProblem(bookingProblem(error));
          if (isApiError(error) && error.code === MentoringErrorCode.SLOT_TAKEN) {
            // the taken time is let go without a check: "choose a time" would drown out why
            form.setValue('scheduled_at', NO_TIME);
            void slots.refetch();
          }
        },
      },
    );
  });

  if (redirectingTo) return <CheckoutRedirectNotice url={redirectingTo} />;

  // a field left out: the spec's one text above the button, and each field says what it misses
  const titleError = errors.title && (form.getValues('title').trim() ? vt(errors.title.message) : t('mentoring.book.titleRequired'));
  const alertText = errors.title || errors.scheduled_at ? t('mentoring.book.required') : problem;
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(duration / 60);

  return (
    <Card data-testid="booking-form-card">
      <CardHeader>
        <CardTitle>{t('mentoring.book.formTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5" data-testid="booking-form" aria-busy={book.isPending || undefined}>
          <FormField label={`${t('mentoring.book.fields.title')} *`} error={titleError}>
            {(field) => (
              <Input
                {...field}
                {...form.register('title')}
                required
                maxLength={200}
                placeholder={t('mentoring.book.fields.titlePlaceholder')}
                data-testid="booking-title"
              />
            )}
          </FormField>
          <FormField label={t('mentoring.book.fields.description')}>
            {(field) => (
              <Textarea
                {...field}
                {...form.register('description')}
                maxLength={2000}
                rows={3}
                placeholder={t('mentoring.book.fields.descriptionPlaceholder')}
                data-testid="booking-description"
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('mentoring.book.fields.duration')}>
              {(field) => (
                <Select
                  {...field}
                  // the times free for one length are not those of another
                  {...form.register('duration_minutes', { valueAsNumber: true, onChange: () => setStart(NO_TIME) })}
                  data-testid="booking-duration"
                >
                  {SESSION_DURATIONS.map((d) => (
                    <option key={d} value={d}>
                      {t('mentoring.book.minutes', { count: d })}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label={`${t('mentoring.book.fields.date')} *`}>
              {(field) => (
                <Input
                  {...field}
                  type="date"
                  value={day}
                  min={today}
                  max={lastBookableDay(today)}
                  onChange={(e) => {
                    if (!e.target.value) return;
                    setDay(e.target.value);
                    setStart(NO_TIME);
                  }}
                  data-testid="booking-date"
                />
              )}
            </FormField>
          </div>

          <fieldset className="space-y-2" aria-describedby="booking-zone-note" data-testid="booking-slots">
            <legend className="text-sm font-medium text-slate-800">{`${t('mentoring.book.fields.time')} *`}</legend>
            <p id="booking-zone-note" className="text-xs text-slate-600" data-testid="booking-zone-note">
              {t('mentoring.book.timesIn', { zone, name: mentor.name, mentorZone: mentor.timezone })}
            </p>
            {slots.isPending ? (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner label={false} /> {t('mentoring.book.loadingSlots')}
              </p>
            ) : slots.isError ? (
              <LoadError error={slots.error} title={t('mentoring.book.slotsFailed')} onRetry={() => void slots.refetch()} />
            ) : daySlots.length === 0 ? (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <p className="text-sm text-slate-600" data-testid="booking-no-slots">
                  {t('mentoring.book.noSlots')}
                </p>
                {nextDay && (
                  <Button type="button" size="sm" variant="outline" onClick={() => setDay(nextDay)} data-testid="booking-next-day">
                    {t('mentoring.book.nextDay', { date: dayFormat.format(new Date(`${nextDay}T12:00:00Z`)) })}
                  </Button>
                )}
              </div>
            ) : (
              <div className="flex flex-wrap gap-2" aria-busy={slots.isFetching || undefined}>
                {daySlots.map((slot) => (
                  <label
                    key={slot.start}
                    className={cn(
                      'cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800',
                      'has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary has-[:focus-visible]:ring-offset-2',
                    )}
                    data-testid="slot-option"
                    data-start={slot.start}
                  >
                    <input
                      type="radio"
                      name="booking-start"
                      value={slot.start}
                      checked={start === slot.start}
                      onChange={() => setStart(slot.start)}
                      className="sr-only"
                    />
                    {timeFormat.format(new Date(slot.start))}
                  </label>
                ))}
              </div>
            )}
            <FieldMessage message={errors.scheduled_at ? t('mentoring.book.timeRequired') : undefined} />
          </fieldset>

          <PaymentSummary
            itemLabel={t('mentoring.book.session')}
            item={t('mentoring.book.minutes', { count: duration })}
            amountLabel={t('mentoring.book.total')}
            amount={totalText}
            amountTestId="booking-total"
          />
          <p className="-mt-3 text-xs text-slate-600">
            {t('mentoring.book.totalHint', { hours, rate: withCurrencyCode(money.of(mentor.hourly_rate), currency) })}
          </p>
          <PaymentMethodPicker
            name="booking-method"
            methods={PAYMENT_METHODS}
            value={method}
            onChange={setChosen}
            walletBalance={cover.heldMinor === null ? undefined : money.minor(cover.heldMinor, currency)}
            walletInsufficient={cover.insufficient}
            disabled={book.isPending}
          />
          {alertText && <FormErrorAlert testId="booking-error">{alertText}</FormErrorAlert>}
          <Button type="submit" className="w-full sm:w-auto" loading={book.isPending} data-testid="booking-submit">
            {t('mentoring.book.submit', { total: totalText })}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
