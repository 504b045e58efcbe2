import { assessmentRoutes, type Assignment } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { callRoute } from '../../api/client';
import { serverDetail, useDetailOrMessage } from '../../api/error-text';
import { usePageTitle } from '../../lib/use-page-title';
import {
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Label,
  PageHeader,
  Select,
  useToast,
} from '../../ui';
import { useSignedInUser } from '../auth/session-context';
import { LoadError, LoadingBlock } from '../catalog/shared/query-state';
import { PublishedBadge, useLatePolicyText } from './assignment-badges';
import { LoadFailure } from './load-failure';
import { AssignmentForm, newAssignmentDefaults, type AssignmentFormValues } from './assignment-form';
import { useFormatDateTime, useFormatPoints } from './assignment-format';
import { useCourseAssignments, useManagedCourses, useRefreshAssignments } from './assignment-queries';

/** Spec 2 "Assignments", /assignments: the manager's courses, their assignments, create, publish, delete. */
export function AssignmentsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const courses = useManagedCourses(user.role);
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const courseSelectId = useId();
  usePageTitle(t('areas.assignments'));

  const courseList = courses.data ?? [];
  const requested = searchParams.get('course');
  const selected = courseList.find((c) => c.id === requested) ?? courseList[0];
  const selectCourse = (id: string) => setSearchParams({ course: id }, { replace: true });

  const header = (
    <PageHeader
      title={t('assignments.manage.title')}
      subtitle={t('assignments.manage.subtitle')}
      actions={
        courseList.length > 0 && (
          <Button onClick={() => setCreating(true)} data-testid="create-assignment">
            {t('assignments.manage.create')}
          </Button>
        )
      }
    />
  );

  if (courses.isPending) return <LoadingBlock />;
  if (courses.isError) {
    return (
      <div>
        {header}
        <LoadError error={courses.error} title={t('assignments.loadCoursesFailed')} onRetry={() => void courses.refetch()} />
      </div>
    );
  }
  if (!selected) {
    return (
      <div>
        {header}
        <EmptyState
          title={t('assignments.manage.noCourses')}
          description={t('assignments.manage.noCoursesText')}
          action={
            <Button asChild variant="outline">
              <Link to="/instructor/courses">{t('assignments.manage.goToCourses')}</Link>
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div data-testid="assignments-page">
      {header}
      <div className="mb-6 max-w-md space-y-1.5">
        <Label htmlFor={courseSelectId}>{t('assignments.manage.courseLabel')}</Label>
        <Select id={courseSelectId} value={selected.id} onChange={(e) => selectCourse(e.target.value)} data-testid="assignments-course">
          {courseList.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </div>
      <CourseAssignments courseId={selected.id} courseTitle={selected.title} onCreate={() => setCreating(true)} />
      <CreateAssignmentDialog
        open={creating}
        onOpenChange={setCreating}
        courses={courseList}
        courseId={selected.id}
        onCreated={(a) => selectCourse(a.course_id)}
      />
    </div>
  );
}

function CourseAssignments({ courseId, courseTitle, onCreate }: { courseId: string; courseTitle: string; onCreate: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const assignments = useCourseAssignments(courseId);
  const refresh = useRefreshAssignments();
  const [deleting, setDeleting] = useState<Assignment | null>(null);

  const publish = useMutation({
    mutationFn: (a: Assignment) => callRoute(assessmentRoutes.updateAssignment, { params: { id: a.id }, body: { is_published: true } }),
    onSuccess: () => {
      toast({ title: t('assignments.manage.published'), tone: 'success' });
      void refresh();
    },
    onError: (error) => toast({ title: t('assignments.manage.publishFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (a: Assignment) => callRoute(assessmentRoutes.deleteAssignment, { params: { id: a.id } }),
    onSuccess: () => {
      toast({ title: t('assignments.manage.deleted'), tone: 'success' });
      void refresh();
    },
    // the spec's text has no detail; the server's reason still helps, so it goes underneath
    onError: (error) => toast({ title: t('assignments.manage.deleteFailed'), description: serverDetail(error) ?? undefined, tone: 'error' }),
    onSettled: () => setDeleting(null),
  });

  if (assignments.isPending) return <LoadingBlock />;
  if (assignments.isError) {
    return (
      <LoadFailure
        text={t('assignments.loadAssignmentsFailed', { detail: detailOrMessage(assignments.error) })}
        onRetry={() => void assignments.refetch()}
      />
    );
  }
  if (assignments.data.length === 0) {
    return (
      <EmptyState
        title={t('assignments.manage.empty')}
        description={t('assignments.manage.emptyText')}
        action={<Button onClick={onCreate}>{t('assignments.manage.create')}</Button>}
      />
    );
  }

  return (
    <>
      <ul className="space-y-4" aria-label={t('assignments.manage.listLabel', { course: courseTitle })}>
        {assignments.data.map((a) => (
          <li key={a.id}>
            <ManagedAssignmentCard
              assignment={a}
              publishing={publish.isPending && publish.variables?.id === a.id}
              onPublish={() => publish.mutate(a)}
              onDelete={() => setDeleting(a)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('assignments.manage.deleteTitle')}
        description={t('assignments.manage.deleteConfirm')}
        confirmLabel={t('assignments.manage.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        testId="delete-assignment-dialog"
      />
    </>
  );
}

interface ManagedAssignmentCardProps {
  assignment: Assignment;
  publishing: boolean;
  onPublish: () => void;
  onDelete: () => void;
}

function ManagedAssignmentCard({ assignment: a, publishing, onPublish, onDelete }: ManagedAssignmentCardProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const points = useFormatPoints();
  const latePolicy = useLatePolicyText();
  return (
    <Card data-testid="managed-assignment" data-assignment-id={a.id}>
      <CardContent className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">
              <Link to={`/assignments/${a.id}`} className="hover:underline">
                {a.title}
              </Link>
            </h2>
            <PublishedBadge published={a.is_published} />
          </div>
          <p className="line-clamp-2 text-sm text-slate-700">{a.description}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>{t(`assignments.types.${a.assignment_type}`)}</span>
            <span>{t('assignments.dueAt', { date: formatDateTime(a.due_date) })}</span>
            <span>{t('assignments.maxPoints', { points: points(a.max_points) })}</span>
            <span data-testid="submission-count">{t('assignments.manage.submissionCount', { count: a.submission_count })}</span>
          </p>
          <p className="text-xs text-slate-600">{latePolicy(a)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={`/assignments/${a.id}/submissions`} data-testid="assignment-submissions-link">
              {t('assignments.manage.submissions')}
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/assignments/${a.id}/edit`} data-testid="assignment-edit-link">
              {t('assignments.manage.edit')}
            </Link>
          </Button>
          {!a.is_published && (
            <Button size="sm" variant="secondary" loading={publishing} onClick={onPublish} data-testid="assignment-publish">
              {t('assignments.manage.publish')}
            </Button>
          )}
          <Button size="sm" variant="destructive" onClick={onDelete} data-testid="assignment-delete">
            {t('assignments.manage.delete')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

interface CreateAssignmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courses: readonly { id: string; title: string }[];
  courseId: string;
  onCreated: (assignment: Assignment) => void;
}

function CreateAssignmentDialog({ open, onOpenChange, courses, courseId, onCreated }: CreateAssignmentDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const refresh = useRefreshAssignments();
  const create = useMutation({
    mutationFn: (body: AssignmentFormValues) => callRoute(assessmentRoutes.createAssignment, { body }),
    onSuccess: (assignment) => {
      toast({ title: t('assignments.manage.created'), tone: 'success' });
      void refresh();
      onCreated(assignment);
      onOpenChange(false);
    },
    onError: (error) => toast({ title: t('assignments.manage.createFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="create-assignment-dialog">
        <DialogHeader>
          <DialogTitle>{t('assignments.form.createTitle')}</DialogTitle>
          <DialogDescription>{t('assignments.form.createDescription')}</DialogDescription>
        </DialogHeader>
        {/* mounted only while open, so each opening starts from a fresh form */}
        {open && (
          <AssignmentForm
            defaultValues={newAssignmentDefaults(courseId)}
            courses={courses}
            pending={create.isPending}
            submitLabel={t('assignments.form.create')}
            onSubmit={(values) => create.mutate(values)}
            onCancel={() => onOpenChange(false)}
            testId="create-assignment-form"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
