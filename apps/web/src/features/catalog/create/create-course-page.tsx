import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, PageHeader, useToast } from '../../../ui';
import { dashboardPath, useSignedInUser } from '../../auth';
import { CourseForm, courseFormDefaults, type CourseFormOutput } from './course-form';

/** Spec 2.10 /instructor/create; on success the new course's management page opens. */
export function CreateCoursePage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const user = useSignedInUser();
  usePageTitle(t('createCourse.title'));
  const create = useRouteMutation(catalogRoutes.createCourse, { invalidates: ['catalog.'] });

  const submit = (values: CourseFormOutput) =>
    create.mutate(
      {
        body: { title: values.title, description: values.description, price: values.price, category: values.category, level: values.level },
      },
      {
        onSuccess: (course) => {
          toast({ title: t('createCourse.success'), tone: 'success' });
          navigate(`/instructor/course/${course.id}`);
        },
        onError: (error) => toast({ title: detailOr(error, t('createCourse.failure')), tone: 'error' }),
      },
    );

  return (
    <div className="mx-auto max-w-3xl" data-testid="create-course">
      <PageHeader title={t('createCourse.title')} subtitle={t('createCourse.subtitle')} />
      <Card>
        <CardContent>
          <CourseForm
            mode="create"
            testId="create-course-form"
            defaultValues={courseFormDefaults()}
            onSubmit={submit}
            footer={
              <>
                {create.isError && <Alert tone="error">{detailOr(create.error, t('createCourse.failure'))}</Alert>}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button asChild variant="outline">
                    <Link to={dashboardPath(user.role)}>{t('common.cancel')}</Link>
                  </Button>
                  <Button type="submit" loading={create.isPending} data-testid="create-course-submit">
                    {t('createCourse.submit')}
                  </Button>
                </div>
              </>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
