import { assessmentRoutes, catalogRoutes, type ContentItem, type Course } from '@lp/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '../../../ui';
import { useSignedInUser } from '../../auth';
import { PublishedBadge } from '../shared/course-meta';
import { BackIcon } from '../../../ui/icons';
import { NotFoundCard } from '../../errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { AnnouncementsCard } from '../announcements/announcements-card';
import { AssessmentPanel } from './assessment-panel';
import { AssessmentsTab, type AssessmentView, type CourseAssessment } from './assessments-tab';
import { CourseStructure } from './course-structure';

type TabValue = 'content' | 'assessments' | AssessmentView;

interface ManageCoursePageProps {
  variant: 'instructor' | 'institution';
}

/**
 * Manage course (spec 2; /instructor/course/{id}) and its institution variant
 * (spec 3; /institution/course/{id}/manage): header stats, Content Management, the Assessments
 * tab, and the Edit and Preview tabs of the assessment opened from it.
 */
export function ManageCoursePage({ variant }: ManageCoursePageProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { id } = useParams<{ id: string }>();
  const user = useSignedInUser();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id } });
  const isOwner = course.data?.instructor_id === user.id;
  const content = useRouteQuery(catalogRoutes.listContent, { params: { id } }, { enabled: Boolean(course.data), retry: false });
  const assessments = useRouteQuery(
    assessmentRoutes.courseQuizzes,
    { params: { id } },
    { enabled: Boolean(course.data), refetchOnMount: 'always' },
  );
  usePageTitle(course.data ? t('manageCourse.pageTitle', { title: course.data.title }) : t('areas.courseManagement'));

  const publish = useRouteMutation(catalogRoutes.updateCourse, { invalidates: ['catalog.'] });

  if (course.isPending) return <LoadingBlock />;
  if (course.isError) {
    if (isApiError(course.error) && course.error.status === 404) return <NotFoundCard title={t('catalog.courseNotFound')} />;
    return <LoadError error={course.error} title={t('manageCourse.loadFailed')} onRetry={() => void course.refetch()} />;
  }
  const data = course.data;
  const base = variant === 'institution' ? `/institution/course/${data.id}` : `/instructor/course/${data.id}`;
  const editPath = variant === 'institution' ? `/institution/course/${data.id}/edit` : `/instructor/courses/${data.id}/edit`;
  const items = content.data?.content_items ?? data.content_items;
  const assessmentCount = assessments.data?.length ?? 0;
  const ratingText = data.rating_count > 0 ? data.rating_avg.toFixed(1) : t('manageCourse.notAvailableShort');

  const togglePublish = () =>
    publish.mutate(
      { params: { id: data.id }, body: { is_published: !data.is_published } },
      {
        onSuccess: (updated) =>
          toast({ title: updated.is_published ? t('manageCourse.publishedToast') : t('manageCourse.unpublishedToast'), tone: 'success' }),
        onError: (error) => toast({ title: detailOr(error, t('institutionCourse.updateFailed')), tone: 'error' }),
      },
    );

  return (
    <div data-testid="manage-course" data-variant={variant} data-course-id={data.id}>
      <Button
        variant="ghost"
        size="sm"
        className="mb-3 -ml-2"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/instructor/courses'))}
      >
        <BackIcon />
        {t('manageCourse.back')}
      </Button>
      <ManageHeader
        course={data}
        base={base}
        editPath={editPath}
        canPublish={isOwner}
        publishing={publish.isPending}
        onTogglePublish={togglePublish}
      />

      <div className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('manageCourse.stats.enrollments')} value={data.enrollment_count} testId="stat-enrollments" />
        <StatCard label={t('manageCourse.stats.rating')} value={ratingText} testId="stat-rating" />
        <StatCard label={t('manageCourse.stats.contentItems')} value={items.length} testId="stat-content-items" />
        <StatCard
          label={t('manageCourse.stats.assessments')}
          value={assessments.isError ? t('manageCourse.notAvailableShort') : assessmentCount}
          testId="stat-assessments"
        />
      </div>

      <ManageTabs course={data} variant={variant} isOwner={isOwner} items={items} content={content} assessments={assessments} base={base} />

      {/* the course's instructor or an admin may post (POST /courses/{id}/announcements) */}
      {variant === 'instructor' && (isOwner || user.role === 'admin') && (
        <div className="mt-8">
          <AnnouncementsCard courseId={data.id} />
        </div>
      )}
    </div>
  );
}

interface ManageHeaderProps {
  course: Course;
  /** where the course's quiz and exam creation live (instructor or institution) */
  base: string;
  editPath: string;
  canPublish: boolean;
  publishing: boolean;
  onTogglePublish: () => void;
}

/** The course's state and title, and what can be done with it: publish, create a quiz or an exam, edit, view. */
function ManageHeader({ course, base, editPath, canPublish, publishing, onTogglePublish }: ManageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <PublishedBadge published={course.is_published} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{course.title}</h1>
        <p className="text-slate-600">{t('manageCourse.subtitle')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {canPublish && (
          // outline either way: the page's one primary action is Add lesson (issue 14)
          <Button variant="outline" onClick={onTogglePublish} loading={publishing} data-testid="toggle-publish">
            {course.is_published ? t('manageCourse.unpublish') : t('manageCourse.publish')}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={`${base}/quiz/create`}>{t('manageCourse.createQuiz')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`${base}/exam/create`}>{t('manageCourse.createExam')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={editPath} data-testid="edit-course-link">
            {t('manageCourse.editCourse')}
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/course/${course.id}`} data-testid="view-course-link">
            {t('manageCourse.viewCourse')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

interface ManageTabsProps {
  course: Course;
  variant: ManageCoursePageProps['variant'];
  isOwner: boolean;
  items: ContentItem[];
  content: { isError: boolean; error: unknown };
  assessments: UseQueryResult<CourseAssessment[]>;
  base: string;
}

/** Content Management, Assessments, and the Edit and Preview tabs of the assessment opened from it. */
function ManageTabs({ course, variant, isOwner, items, content, assessments, base }: ManageTabsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabValue>('content');
  const [opened, setOpened] = useState<Pick<CourseAssessment, 'id' | 'title'> | null>(null);
  const assessmentCount = assessments.data?.length ?? 0;
  const open = (a: CourseAssessment, view: AssessmentView) => {
    setOpened({ id: a.id, title: a.title });
    setTab(view);
  };
  const closeOpened = () => {
    setOpened(null);
    setTab('assessments');
  };
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as TabValue)}>
      <TabsList className="h-auto flex-wrap sm:w-auto" aria-label={t('manageCourse.tabsLabel')}>
        <TabsTrigger value="content" className="px-4 whitespace-nowrap" data-testid="tab-content">
          {t('manageCourse.tabs.content')}
        </TabsTrigger>
        <TabsTrigger value="assessments" className="px-4 whitespace-nowrap" data-testid="tab-assessments">
          {t('manageCourse.tabs.assessments', { count: assessmentCount })}
        </TabsTrigger>
        {opened && (
          <>
            <TabsTrigger value="edit" className="px-4 whitespace-nowrap" data-testid="tab-edit">
              {t('authoring.manage.editTab')}
            </TabsTrigger>
            <TabsTrigger value="preview" className="px-4 whitespace-nowrap" data-testid="tab-preview">
              {t('authoring.manage.previewTab')}
            </TabsTrigger>
          </>
        )}
      </TabsList>
      <TabsContent value="content">
        {content.isError && !isOwner ? (
          <LoadError error={content.error} title={t('manageCourse.content.loadFailed')} />
        ) : (
          <CourseStructure courseId={course.id} isOwner={isOwner} items={items} showInertActions={variant === 'institution'} />
        )}
      </TabsContent>
      <TabsContent value="assessments">
        {assessments.isPending ? (
          <LoadingBlock />
        ) : assessments.isError ? (
          <LoadError error={assessments.error} title={t('authoring.manage.loadFailed')} onRetry={() => void assessments.refetch()} />
        ) : (
          <AssessmentsTab
            courseId={course.id}
            variant={variant}
            assessments={assessments.data}
            canManage={isOwner}
            createBase={base}
            onOpen={open}
            onDeleted={(deleted) => deleted === opened?.id && setOpened(null)}
          />
        )}
      </TabsContent>
      {opened && (
        <>
          {/* kept mounted while open: unsaved edits survive a look at the preview */}
          <TabsContent value="edit" forceMount className="data-[state=inactive]:hidden">
            <AssessmentPanel id={opened.id} title={opened.title} view="edit" onClose={closeOpened} />
          </TabsContent>
          <TabsContent value="preview">
            <AssessmentPanel id={opened.id} title={opened.title} view="preview" onClose={closeOpened} />
          </TabsContent>
        </>
      )}
    </Tabs>
  );
}
