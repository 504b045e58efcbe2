import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui';
import { AnnouncementList } from './announcement-list';

/** The course's announcements for its enrolled learners (the player and the course page), newest first, paged. */
export function CourseAnnouncements({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="course-announcements">
      <CardHeader>
        <CardTitle>{t('announcements.title')}</CardTitle>
        <CardDescription>{t('announcements.learnerDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AnnouncementList courseId={courseId} emptyText={t('announcements.list.emptyLearner')} />
      </CardContent>
    </Card>
  );
}
