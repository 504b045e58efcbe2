import { catalogRoutes } from '@lp/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { detailOr, serverDetail } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { InlinePageSpinner } from '../../../routes/full-page-spinner';
import { Alert, Button, Card, CardContent, PageHeader, useToast } from '../../../ui';
import { CourseCoverField } from '../create/course-cover-field';
import { CourseForm, courseFormDefaults, type CourseFormOutput } from '../create/course-form';

interface CourseEditPageProps {
  /** institution: /institution/course/{id}/edit (spec 3); instructor: /instructor/courses/{id}/edit (My Courses card link) */
  variant: 'institution' | 'instructor';
}

/** Edit a course. Spec 3: a load failure says so and returns to the institution dashboard; cancel and success return there too. */
export function CourseEditPage({ variant }: CourseEditPageProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { id } = useParams<{ id: string }>();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id } });
  const leaving = useRef(false);
  const returnTo = variant === 'institution' ? '/institution/dashboard' : `/instructor/course/${id ?? ''}`;
  usePageTitle(t('institutionCourse.editTitle'));

  const save = useRouteMutation(catalogRoutes.updateCourse, { invalidates: ['catalog.'] });

  useEffect(() => {
    if (!course.isError || leaving.current) return;
    leaving.current = true;
    toast({ title: t('institutionCourse.loadFailed'), description: serverDetail(course.error) ?? undefined, tone: 'error' });
    navigate(returnTo, { replace: true });
  }, [course.isError, course.error, navigate, returnTo, t, toast]);

  if (course.isPending || course.isError) return <InlinePageSpinner />;

  const submit = (values: CourseFormOutput) =>
    save.mutate(
      { params: { id: course.data.id }, body: values },
      {
        onSuccess: () => {
          toast({ title: t('institutionCourse.updated'), tone: 'success' });
          navigate(returnTo);
        },
        onError: (error) => toast({ title: detailOr(error, t('institutionCourse.updateFailed')), tone: 'error' }),
      },
    );

  return (
    <div className="mx-auto max-w-3xl" data-testid="course-edit" data-variant={variant}>
      <PageHeader title={t('institutionCourse.editTitle')} subtitle={course.data.title} />
      <Card className="mb-6">
        <CardContent>
          <CourseCoverField course={course.data} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CourseForm
            mode="edit"
            testId="edit-course-form"
            defaultValues={courseFormDefaults(course.data)}
            onSubmit={submit}
            footer={
              <>
                {save.isError && <Alert tone="error">{detailOr(save.error, t('institutionCourse.updateFailed'))}</Alert>}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="outline" onClick={() => navigate(returnTo)}>
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={save.isPending} data-testid="edit-course-submit">
                    {t('institutionCourse.save')}
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
