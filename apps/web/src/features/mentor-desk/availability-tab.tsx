import { mentoringRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { TimeOffSection } from './time-off-section';
import { initialTimeZone } from './time-zones';
import { viewerTimeZone } from '../../lib/time-zone';
import { WeeklyScheduleEditor } from './weekly-schedule-editor';

/** Spec 2.13 reading A's Availability tab: the weekly schedule, then time off with Request Time Off. */
export function AvailabilityTab() {
  const { t } = useTranslation();
  const availability = useRouteQuery(mentoringRoutes.availability, {});
  // whether the mentor ever saved anything: a first schedule starts in the browser's time zone
  const profile = useRouteQuery(mentoringRoutes.ownProfile, {});
  if (availability.isPending || profile.isPending) return <LoadingBlock />;
  if (availability.isError || profile.isError) {
    return (
      <LoadError
        error={availability.error ?? profile.error}
        title={t('mentorDesk.availability.loadFailed')}
        onRetry={() => {
          void availability.refetch();
          void profile.refetch();
        }}
      />
    );
  }
  const zone = profile.data.updated_at === null ? initialTimeZone(profile.data, viewerTimeZone()) : availability.data.timezone;
  return (
    <div className="space-y-6">
      <WeeklyScheduleEditor slots={availability.data.slots} timezone={zone} />
      <TimeOffSection timeOff={availability.data.time_off} />
    </div>
  );
}
