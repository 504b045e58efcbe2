import { assessmentRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Button, Card, CardContent, PageHeader, useToast } from '../../ui';
import { NotFoundCard } from '../errors';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { AssignmentForm, assignmentToDefaults } from './assignment-form';
import { ASSIGNMENT_ANSWERS } from './assignment-queries';

/** /assignments/{id}/edit: every field of an assignment except its course (PUT /assignments/{id}). */
export function AssignmentEditPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const detailOrMessage = useDetailOrMessage();
  const { assignmentId } = useParams<{ assignmentId: string }>();
  const assignment = useRouteQuery(assessmentRoutes.getAssignment, { params: { id: assignmentId } }, { retry: false });
  usePageTitle(assignment.data ? `${t('assignments.edit.title')}: ${assignment.data.title}` : t('assignments.edit.title'));

  const backTo = assignment.data ? `/assignments?course=${assignment.data.course_id}` : '/assignments';
  const save = useRouteMutation(assessmentRoutes.updateAssignment, {
    invalidates: ASSIGNMENT_ANSWERS,
    onSuccess: () => {
      toast({ title: t('assignments.edit.saved'), tone: 'success' });
      void navigate(backTo);
    },
    onError: (error) => toast({ title: t('assignments.edit.saveFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });

  if (assignment.isPending) return <LoadingBlock />;
  if (assignment.isError) {
    if (isApiError(assignment.error) && assignment.error.status === 404) {
      return <NotFoundCard title={t('assignments.notFound')} text={t('assignments.notFoundText')} />;
    }
    return <LoadError error={assignment.error} title={t('assignments.loadAssignmentFailed')} onRetry={() => void assignment.refetch()} />;
  }
  const a = assignment.data;

  return (
    <div className="mx-auto max-w-3xl" data-testid="assignment-edit-page">
      <PageHeader
        title={t('assignments.edit.title')}
        subtitle={t('assignments.edit.subtitle', { course: a.course_title ?? '' })}
        actions={
          <Button asChild variant="outline">
            <Link to={`/assignments/${a.id}/submissions`}>{t('assignments.edit.viewSubmissions')}</Link>
          </Button>
        }
      />
      <Card>
        <CardContent>
          <AssignmentForm
            // a refetched assignment (after saving elsewhere) starts the form again from it
            key={a.updated_at}
            defaultValues={assignmentToDefaults(a)}
            pending={save.isPending}
            submitLabel={t('assignments.form.save')}
            onSubmit={({ course_id: _course, ...body }) => save.mutate({ params: { id: assignment.data.id }, body })}
            onCancel={() => void navigate(backTo)}
            testId="edit-assignment-form"
          />
        </CardContent>
      </Card>
    </div>
  );
}
