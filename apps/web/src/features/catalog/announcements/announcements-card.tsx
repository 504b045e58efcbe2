import { AnnouncementCreateRequest, ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TITLE_MAX, catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Textarea,
  useToast,
} from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { AnnouncementList } from './announcement-list';

/**
 * The course management page's Announcements card (the course's instructor, or an admin): post
 * one (POST /courses/{id}/announcements; the contract's rules said on the fields before the
 * call, what the server still refuses on the same fields) and the past ones below.
 */
export function AnnouncementsCard({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(AnnouncementCreateRequest, { defaultValues: { title: '', message: '' } });
  const post = useRouteMutation(catalogRoutes.postAnnouncement, {
    invalidates: [catalogRoutes.courseAnnouncements],
    onSuccess: () => {
      toast({ title: t('announcements.form.posted'), tone: 'success' });
      form.reset();
    },
    onError: (error) => form.applyServerError(error),
  });
  const submit = form.submit((body) => post.mutate({ params: { id: courseId }, body }));

  return (
    <Card data-testid="announcements-card">
      <CardHeader>
        <CardTitle>{t('announcements.title')}</CardTitle>
        <CardDescription>{t('announcements.manageDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="announcement-form">
          <FormField label={t('announcements.form.title')} error={form.errorText('title')}>
            {(control) => (
              <Input {...control} {...form.register('title')} maxLength={ANNOUNCEMENT_TITLE_MAX} data-testid="announcement-title" />
            )}
          </FormField>
          <FormField label={t('announcements.form.message')} error={form.errorText('message')}>
            {(control) => (
              <Textarea
                {...control}
                {...form.register('message')}
                rows={4}
                maxLength={ANNOUNCEMENT_MESSAGE_MAX}
                data-testid="announcement-message"
              />
            )}
          </FormField>
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <Button type="submit" variant="outline" loading={post.isPending} data-testid="announcement-submit">
            {t('announcements.form.submit')}
          </Button>
        </form>
        <AnnouncementList courseId={courseId} emptyText={t('announcements.list.emptyManage')} />
      </CardContent>
    </Card>
  );
}
