import { CURRENCIES, mentoringRoutes, type MentorProfile } from '@lp/contracts';
import { useMemo } from 'react';
import { Controller, type FieldError as FormFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { formatDecimal } from '../../lib/figures';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Label,
  Select,
  Switch,
  Textarea,
  useToast,
} from '../../ui';
import { useContractForm } from '../../ui/form';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { ChipInput } from './chip-input';
import { fieldErrorsOf } from '../../api/field-errors';
import { PROFILE_FIELDS, ProfileFormSchema, profileFormDefaults } from './profile-form';
import { viewerTimeZone } from '../../lib/time-zone';
import { TimeZoneSelect } from './time-zone-select';

/** The message of a field's error; a list's error may sit on one of its items. */
function messageOf(error: FormFieldError | FormFieldError[] | undefined | { message?: string }): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find((e) => e?.message)?.message;
  if ('message' in error && error.message) return error.message;
  return Object.values(error as Record<string, FormFieldError | undefined>).find((e) => e && typeof e === 'object' && e.message)?.message;
}

/** Spec 2.13 reading A's Profile tab, made real: the profile learners see in Find Mentors. */
export function ProfileTab() {
  const { t } = useTranslation();
  const profile = useRouteQuery(mentoringRoutes.ownProfile, {});
  if (profile.isPending) return <LoadingBlock />;
  if (profile.isError)
    return <LoadError error={profile.error} title={t('mentorDesk.profile.loadFailed')} onRetry={() => void profile.refetch()} />;
  return <ProfileEditor profile={profile.data} />;
}

function ProfileStatus({ profile }: { profile: MentorProfile }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-4">
      <p data-testid="profile-published" data-published={profile.is_published}>
        <Badge tone={profile.is_published ? 'success' : 'warning'}>
          {profile.is_published ? t('mentorDesk.profile.published') : t('mentorDesk.profile.unpublished')}
        </Badge>
      </p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl border border-slate-200 p-3" data-testid="profile-rating">
          <dt className="text-sm font-medium text-slate-600">{t('mentorDesk.profile.rating')}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">
            {profile.rating_count > 0
              ? t('mentorDesk.profile.ratingValue', { rating: formatDecimal(profile.rating, i18n.language) })
              : t('mentorDesk.profile.noRatings')}
          </dd>
          {profile.rating_count > 0 && (
            <dd className="text-xs text-slate-600">{t('mentorDesk.profile.ratingCount', { count: profile.rating_count })}</dd>
          )}
        </div>
        <div className="rounded-xl border border-slate-200 p-3" data-testid="profile-sessions">
          <dt className="text-sm font-medium text-slate-600">{t('mentorDesk.profile.sessions')}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">
            {new Intl.NumberFormat(i18n.language).format(profile.total_sessions)}
          </dd>
          <dd className="text-xs text-slate-600">{t('mentorDesk.profile.sessionsHint')}</dd>
        </div>
      </dl>
    </div>
  );
}

function ProfileEditor({ profile }: { profile: MentorProfile }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const defaultValues = useMemo(() => profileFormDefaults(profile, viewerTimeZone()), [profile]);
  const form = useContractForm(ProfileFormSchema, { defaultValues, fields: PROFILE_FIELDS });
  const save = useRouteMutation(mentoringRoutes.updateProfile, { invalidates: ['mentoring.'] });
  // a 400's field errors sit beside their fields (set in onError); the rest are said below
  const { byField: serverByField, other: serverOther } = fieldErrorsOf(save.isError ? save.error : null, PROFILE_FIELDS);

  const submit = form.submit((body) =>
    save.mutate(
      { body },
      {
        onSuccess: (saved) => {
          // the form starts again from what the server kept (trimmed, without repeats)
          form.reset(profileFormDefaults(saved, viewerTimeZone()));
          toast({ title: t('mentorDesk.profile.saved'), description: t('mentorDesk.profile.savedText'), tone: 'success' });
        },
        onError: form.applyServerError,
      },
    ),
  );
  const hasServerFieldErrors = Object.keys(serverByField).length > 0;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="lg:order-2">
        <CardHeader>
          <CardTitle as="h3">{profile.name}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProfileStatus profile={profile} />
        </CardContent>
      </Card>
      <Card className="lg:order-1">
        <CardHeader>
          <CardTitle>{t('mentorDesk.profile.title')}</CardTitle>
          <CardDescription>{t('mentorDesk.profile.intro')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="space-y-5" data-testid="mentor-profile-form">
            <FormField label={t('mentorDesk.profile.bio')} hint={t('mentorDesk.profile.bioHint')} error={form.errorText('bio')}>
              {(field) => <Textarea {...field} {...form.register('bio')} rows={5} maxLength={2000} data-testid="profile-bio" />}
            </FormField>
            <Controller
              control={form.control}
              name="expertise_areas"
              render={({ field, fieldState }) => (
                <ChipInput
                  label={t('mentorDesk.profile.expertise')}
                  hint={t('mentorDesk.profile.expertiseHint')}
                  placeholder={t('mentorDesk.profile.expertisePlaceholder')}
                  emptyText={t('mentorDesk.profile.expertiseEmpty')}
                  value={field.value}
                  onChange={field.onChange}
                  error={vt(messageOf(fieldState.error))}
                  testId="profile-expertise"
                />
              )}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-2">
                <FormField
                  label={t('mentorDesk.profile.hourlyRate')}
                  hint={t('mentorDesk.profile.hourlyRateHint')}
                  error={form.errorText('hourly_rate')}
                >
                  {(field) => (
                    <Input
                      {...field}
                      {...form.register('hourly_rate')}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min="0"
                      placeholder="0.00"
                      data-testid="profile-rate"
                    />
                  )}
                </FormField>
                <FormField label={t('mentorDesk.profile.currency')} error={form.errorText('currency')}>
                  {(field) => (
                    <Select {...field} {...form.register('currency')} data-testid="profile-currency">
                      {CURRENCIES.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              </div>
              <FormField label={t('mentorDesk.profile.experience')} error={form.errorText('experience_years')}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('experience_years')}
                    type="number"
                    inputMode="numeric"
                    step="1"
                    min="0"
                    max="70"
                    data-testid="profile-experience"
                  />
                )}
              </FormField>
            </div>
            <Controller
              control={form.control}
              name="languages"
              render={({ field, fieldState }) => (
                <ChipInput
                  label={t('mentorDesk.profile.languages')}
                  hint={t('mentorDesk.profile.languagesHint')}
                  placeholder={t('mentorDesk.profile.languagesPlaceholder')}
                  emptyText={t('mentorDesk.profile.languagesEmpty')}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={vt(messageOf(fieldState.error))}
                  testId="profile-languages"
                />
              )}
            />
            <FormField
              label={t('mentorDesk.profile.timezone')}
              hint={t('mentorDesk.profile.timezoneHint')}
              error={form.errorText('timezone')}
            >
              {(field) => (
                <Controller
                  control={form.control}
                  name="timezone"
                  render={({ field: { value, onChange, onBlur, ref } }) => (
                    <TimeZoneSelect
                      {...field}
                      ref={ref}
                      value={value}
                      onChange={(e) => onChange(e.target.value)}
                      onBlur={onBlur}
                      data-testid="profile-timezone"
                    />
                  )}
                />
              )}
            </FormField>
            <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
              <div>
                <Label htmlFor="profile-accepting">{t('mentorDesk.profile.accepting')}</Label>
                <p id="profile-accepting-hint" className="text-xs text-slate-600">
                  {t('mentorDesk.profile.acceptingHint')}
                </p>
              </div>
              <Controller
                control={form.control}
                name="is_accepting_bookings"
                render={({ field }) => (
                  <Switch
                    id="profile-accepting"
                    aria-describedby="profile-accepting-hint"
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                    data-testid="profile-accepting"
                  />
                )}
              />
            </div>
            {save.isError && (
              <Alert tone="error" data-testid="profile-save-error">
                {hasServerFieldErrors && serverOther.length === 0
                  ? t('mentorDesk.profile.fixFields')
                  : `${t('mentorDesk.profile.saveFailed')}: ${serverOther.length ? serverOther.join('; ') : detailOr(save.error, t('errors.unexpected'))}`}
              </Alert>
            )}
            <div className="flex justify-end">
              <Button type="submit" loading={save.isPending} className="w-full sm:w-auto" data-testid="profile-save">
                {t('mentorDesk.profile.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
