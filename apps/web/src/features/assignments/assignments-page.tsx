import { assessmentRoutes, type Assignment } from '@lp/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { serverDetail, useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
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
import { useSignedInUser } from '../auth';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { PublishedBadge, useLatePolicyText } from './assignment-badges';
import { LoadFailure } from './load-failure';
import { AssignmentForm, newAssignmentDefaults } from './assignment-form';
import { useFormatDateTime } from '../../i18n/format-date';
import { useFormatPoints } from './assignment-format';
import { ASSIGNMENT_ANSWERS, useAssignmentsOfCourses, useManagedCourses } from './assignment-queries';

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
  // no course chosen (or one that is not the caller's): every course, one section each
  const selected = courseList.find((c) => c.id === requested) ?? null;
  const selectCourse = (id: string) => setSearchParams(id ? { course: id } : {}, { replace: true });

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
  const firstCourse = courseList[0];
  if (!firstCourse) {
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
        <Select
          id={courseSelectId}
          value={selected?.id ?? ''}
          onChange={(e) => selectCourse(e.target.value)}
          data-testid="assignments-course"
        >
          <option value="">{t('assignments.manage.allCourses')}</option>
          {courseList.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </div>
      {selected ? (
        <CourseAssignments course={selected} onCreate={() => setCreating(true)} />
      ) : (
        <AllCourseAssignments courses={courseList} onCreate={() => setCreating(true)} />
      )}
      <CreateAssignmentDialog
        open={creating}
        onOpenChange={setCreating}
        courses={courseList}
        courseId={(selected ?? firstCourse).id}
        onCreated={(a) => selected && selected.id !== a.course_id && selectCourse(a.course_id)}
      />
    </div>
  );
}

interface CourseRef {
  id: string;
  title: string;
}

/** Every course as a section of its own; courses without assignments are left out. */
function AllCourseAssignments({ courses, onCreate }: { courses: readonly CourseRef[]; onCreate: () => void }) {
  const { t } = useTranslation();
  // the same queries the sections run, so this costs no request: it only tells whether all are empty
  const perCourse = useAssignmentsOfCourses(courses.map((c) => c.id));
  if (perCourse.some((q) => q.isPending)) return <LoadingBlock />;
  if (perCourse.every((q) => q.isSuccess && q.data.length === 0)) {
    return (
      <EmptyState
        title={t('assignments.manage.emptyAll')}
        description={t('assignments.manage.emptyText')}
        action={<Button onClick={onCreate}>{t('assignments.manage.create')}</Button>}
      />
    );
  }
  return (
    <div className="space-y-8">
      {courses.map((c) => (
        <CourseAssignments key={c.id} course={c} onCreate={onCreate} asSection />
      ))}
    </div>
  );
}

interface CourseAssignmentsProps {
  course: CourseRef;
  onCreate: () => void;
  /** one of several courses: titled by the course, and absent when it has no assignments */
  asSection?: boolean;
}

function CourseAssignments({ course, onCreate, asSection = false }: CourseAssignmentsProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const assignments = useRouteQuery(assessmentRoutes.courseAssignments, { params: { courseId: course.id } });
  const [deleting, setDeleting] = useState<Assignment | null>(null);

  const publish = useRouteMutation(assessmentRoutes.updateAssignment, {
    invalidates: ASSIGNMENT_ANSWERS,
    onSuccess: () => toast({ title: t('assignments.manage.published'), tone: 'success' }),
    onError: (error) => toast({ title: t('assignments.manage.publishFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });
  const remove = useRouteMutation(assessmentRoutes.deleteAssignment, {
    invalidates: ASSIGNMENT_ANSWERS,
    onSuccess: () => toast({ title: t('assignments.manage.deleted'), tone: 'success' }),
    // the spec's text has no detail; the server's reason still helps, so it goes underneath
    onError: (error) =>
      toast({ title: t('assignments.manage.deleteFailed'), description: serverDetail(error) ?? undefined, tone: 'error' }),
    onSettled: () => setDeleting(null),
  });

  const sectionTitle = asSection && (
    <h2 className="mb-3 text-xl font-semibold text-slate-900" data-testid="course-section-title">
      {course.title}
    </h2>
  );
  if (assignments.isPending) return <LoadingBlock />;
  if (assignments.isError) {
    return (
      <section>
        {sectionTitle}
        <LoadFailure
          text={t('assignments.loadAssignmentsFailed', { detail: detailOrMessage(assignments.error) })}
          onRetry={() => void assignments.refetch()}
        />
      </section>
    );
  }
  if (assignments.data.length === 0) {
    if (asSection) return null;
    return (
      <EmptyState
        title={t('assignments.manage.empty')}
        description={t('assignments.manage.emptyText')}
        action={<Button onClick={onCreate}>{t('assignments.manage.create')}</Button>}
      />
    );
  }

  return (
    <section data-testid="course-assignments" data-course-id={course.id}>
      {sectionTitle}
      <ul className="space-y-4" aria-label={t('assignments.manage.listLabel', { course: course.title })}>
        {assignments.data.map((a) => (
          <li key={a.id}>
            <ManagedAssignmentCard
              assignment={a}
              headingLevel={asSection ? 'h3' : 'h2'}
              publishing={publish.isPending && publish.variables?.params.id === a.id}
              onPublish={() => publish.mutate({ params: { id: a.id }, body: { is_published: true } })}
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
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        testId="delete-assignment-dialog"
      />
    </section>
  );
}

interface ManagedAssignmentCardProps {
  assignment: Assignment;
  headingLevel: 'h2' | 'h3';
  publishing: boolean;
  onPublish: () => void;
  onDelete: () => void;
}

function ManagedAssignmentCard({ assignment: a, headingLevel: Heading, publishing, onPublish, onDelete }: ManagedAssignmentCardProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const points = useFormatPoints();
  const latePolicy = useLatePolicyText();
  return (
    <Card data-testid="managed-assignment" data-assignment-id={a.id}>
      <CardContent className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="text-lg font-semibold text-slate-900">
              <Link to={`/assignments/${a.id}`} className="hover:underline">
                {a.title}
              </Link>
            </Heading>
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
  const create = useRouteMutation(assessmentRoutes.createAssignment, {
    invalidates: ASSIGNMENT_ANSWERS,
    onSuccess: (assignment) => {
      toast({ title: t('assignments.manage.created'), tone: 'success' });
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
            onSubmit={(body) => create.mutate({ body })}
            onCancel={() => onOpenChange(false)}
            testId="create-assignment-form"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
