import { CURRENCIES, mentoringRoutes, PRICE_BANDS, type Currency, type MentorProfile, type PriceBand } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, Button, buttonClasses, Card, CardContent, EmptyState, FormField, Input, PageHeader, Select } from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { useDebounced } from '../../lib/use-debounced';
import { filtersFromParams, mentorListQuery, paramsFromFilters, type MentorFilters } from './logic';
import { MentorAvatar, MentorRating, useHourlyRate } from './mentor-bits';

const PAGE = 20;
const MAX_PAGE = 100;

/** Spec 3 /mentors: search, expertise, the price bands (read in one currency), mentor cards, Show more. */
export function MentorsPage() {
  const { t } = useTranslation();
  const title = t('areas.mentors');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [search, setSearch] = useState(filters.search);
  const [expertise, setExpertise] = useState(filters.expertise);
  const settledSearch = useDebounced(search.trim());
  const settledExpertise = useDebounced(expertise.trim());
  const [limit, setLimit] = useState(PAGE);

  const update = (change: Partial<MentorFilters>) => {
    setLimit(PAGE);
    setParams((current) => paramsFromFilters({ ...filtersFromParams(current), ...change }), { replace: true });
  };

  // the settled texts go into the URL, so a reload or a shared link keeps them
  useEffect(() => {
    setParams(
      (current) => {
        const now = filtersFromParams(current);
        if (now.search === settledSearch && now.expertise === settledExpertise) return current;
        return paramsFromFilters({ ...now, search: settledSearch, expertise: settledExpertise });
      },
      { replace: true },
    );
  }, [settledSearch, settledExpertise, setParams]);
  // a new search starts again from the first page
  const [listedFor, setListedFor] = useState(`${settledSearch}|${settledExpertise}`);
  if (listedFor !== `${settledSearch}|${settledExpertise}`) {
    setListedFor(`${settledSearch}|${settledExpertise}`);
    setLimit(PAGE);
  }

  const list = useRouteQuery(
    mentoringRoutes.listMentors,
    { query: mentorListQuery(filters, limit) },
    { placeholderData: keepPreviousData },
  );
  const filtered = Boolean(filters.search || filters.expertise || filters.priceBand);
  const clear = () => {
    setSearch('');
    setExpertise('');
    update({ search: '', expertise: '', priceBand: null });
  };

  return (
    <div data-testid="mentors-page" className="space-y-6">
      <PageHeader title={title} subtitle={t('mentoring.find.subtitle')} className="mb-0 sm:mb-0" />
      <div role="search" aria-label={t('mentoring.find.filters')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr]">
        <FormField label={t('mentoring.find.search')}>
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('mentoring.find.searchPlaceholder')}
              data-testid="mentor-search"
            />
          )}
        </FormField>
        <FormField label={t('mentoring.find.expertise')}>
          {(field) => (
            <Input
              {...field}
              value={expertise}
              onChange={(e) => setExpertise(e.target.value)}
              placeholder={t('mentoring.find.expertisePlaceholder')}
              data-testid="mentor-expertise"
            />
          )}
        </FormField>
        <FormField label={t('mentoring.find.price')}>
          {(field) => (
            <Select
              {...field}
              value={filters.priceBand ?? 'all'}
              onChange={(e) => update({ priceBand: e.target.value === 'all' ? null : (e.target.value as PriceBand) })}
              data-testid="mentor-price-band"
            >
              <option value="all">{t('mentoring.find.bands.all')}</option>
              {PRICE_BANDS.map((band) => (
                <option key={band} value={band}>
                  {t(`mentoring.find.bands.${band}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('mentoring.find.currency')} hint={t('mentoring.find.currencyHint')}>
          {(field) => (
            <Select
              {...field}
              value={filters.currency}
              onChange={(e) => update({ currency: e.target.value as Currency })}
              data-testid="mentor-currency"
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <LoadError error={list.error} title={t('mentoring.find.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.mentors.length === 0 ? (
        <EmptyState
          title={t(filtered ? 'mentoring.find.noMatchTitle' : 'mentoring.find.noneTitle')}
          description={t(filtered ? 'mentoring.find.noMatchText' : 'mentoring.find.noneText')}
          action={
            filtered ? (
              <Button variant="outline" onClick={clear} data-testid="mentor-clear-filters">
                {t('mentoring.find.clearFilters')}
              </Button>
            ) : undefined
          }
          className="py-10"
        />
      ) : (
        <section aria-label={t('mentoring.find.listLabel')} className="space-y-4" aria-busy={list.isFetching || undefined}>
          <p className="text-sm text-slate-600" data-testid="mentor-total">
            {t('mentoring.find.total', { count: list.data.total })}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="mentor-list">
            {list.data.mentors.map((mentor) => (
              <li key={mentor.user_id} className="flex">
                <MentorCard mentor={mentor} />
              </li>
            ))}
          </ul>
          {list.data.total > list.data.mentors.length && limit < MAX_PAGE && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                loading={list.isFetching}
                onClick={() => setLimit((n) => Math.min(MAX_PAGE, n + PAGE))}
                data-testid="mentor-more"
              >
                {t('mentoring.find.more')}
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function MentorCard({ mentor }: { mentor: MentorProfile }) {
  const { t } = useTranslation();
  const hourlyRate = useHourlyRate();
  const headingId = `mentor-${mentor.user_id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex w-full flex-col"
      data-testid="mentor-card"
      data-mentor-id={mentor.user_id}
    >
      <CardContent className="flex flex-1 flex-col gap-3">
        <div className="flex items-start gap-3">
          <MentorAvatar mentor={mentor} />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 id={headingId} className="text-base font-semibold break-words text-slate-900" data-testid="mentor-name">
              {mentor.name}
            </h2>
            <MentorRating mentor={mentor} />
          </div>
        </div>
        {mentor.bio && <p className="line-clamp-3 text-sm break-words text-slate-700">{mentor.bio}</p>}
        {mentor.expertise_areas.length > 0 && (
          <ul aria-label={t('mentoring.card.expertiseLabel')} className="flex flex-wrap gap-1.5" data-testid="mentor-expertise-chips">
            {mentor.expertise_areas.map((area) => (
              <li key={area}>
                <Badge tone="neutral">{area}</Badge>
              </li>
            ))}
          </ul>
        )}
        <ul className="space-y-0.5 text-sm text-slate-600">
          <li>{t('mentoring.card.experience', { count: mentor.experience_years })}</li>
          {mentor.languages.length > 0 && <li>{t('mentoring.card.languages', { languages: mentor.languages.join(', ') })}</li>}
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <span className="text-base font-semibold text-slate-900" data-testid="mentor-rate">
            {hourlyRate(mentor)}
          </span>
          {mentor.is_accepting_bookings ? (
            <Link
              to={`/mentor/${mentor.user_id}/book`}
              className={buttonClasses('primary', 'sm')}
              aria-label={t('mentoring.card.bookLabel', { name: mentor.name })}
              data-testid="mentor-book"
            >
              {t('mentoring.card.book')}
            </Link>
          ) : (
            <Badge tone="warning" data-testid="mentor-not-accepting">
              {t('mentoring.card.notAccepting')}
            </Badge>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
