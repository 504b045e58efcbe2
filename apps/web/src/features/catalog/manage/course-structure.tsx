import { catalogRoutes, type ContentItem, type Lesson } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Button, EmptyState } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { ContentList } from './content-list';
import { itemsByLesson } from './lesson-order';
import { LessonDialogs } from './structure/lesson-dialogs';
import { LessonRow, type LessonRowActions } from './structure/lesson-row';
import { useLessonEdits } from './structure/use-lesson-edits';
import { useLessonReorder } from './structure/use-lesson-reorder';

interface CourseStructureProps {
  courseId: string;
  isOwner: boolean;
  items: ContentItem[];
  /** institution variant: the inert Edit and Delete of content items (spec 3) */
  showInertActions: boolean;
}

const NO_LESSONS: Lesson[] = [];

/**
 * The course's structure in one place: its lessons in order, each with its content items;
 * adding, editing, publishing, deleting and reordering lessons, and adding content to a lesson.
 * Reordering (structure/use-lesson-reorder.ts): drag a lesson's handle, or press Space/Enter on
 * it and move it with the arrow keys (the live region says where it is), or use Move up / Move
 * down. The new order shows at once and goes back if the server refuses it.
 */
export function CourseStructure({ courseId, isOwner, items, showInertActions }: CourseStructureProps) {
  const { t } = useTranslation();
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id: courseId } });
  // the hooks run before the loading and error returns below, so they hold one list throughout
  const reorder = useLessonReorder(courseId, lessons.data ?? NO_LESSONS);
  const edits = useLessonEdits(courseId);
  const [addingTo, setAddingTo] = useState<string | null>(null);

  if (lessons.isPending) return <LoadingBlock />;
  if (lessons.isError)
    return <LoadError error={lessons.error} title={t('courseDetail.lessonsFailed')} onRetry={() => void lessons.refetch()} />;

  const { shown } = reorder;
  const total = shown.length;
  const groups = itemsByLesson(items);
  const looseItems = groups.get(null) ?? [];
  const actions: LessonRowActions = {
    setPublished: edits.setPublished,
    moveBy: reorder.moveBy,
    edit: edits.openEdit,
    askDelete: edits.askDelete,
  };

  return (
    <section aria-labelledby="course-structure-heading" data-testid="course-structure" className="space-y-4">
      <StructureHeader total={total} canAdd={isOwner && total > 0} onAdd={edits.openAdd} />

      {/* announces pick-up, moves, drops and saves; visible too, so a sighted user sees the save */}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-600" data-testid="reorder-status">
        {reorder.announcement}
      </p>

      {!isOwner && <p className="text-sm text-slate-600">{t('courseStructure.ownerOnly')}</p>}

      {total === 0 ? (
        <NoLessons isOwner={isOwner} onAdd={edits.openAdd} />
      ) : (
        <>
          {isOwner && (
            <p id="lesson-drag-hint" className="text-xs text-slate-600">
              {t('courseStructure.dragHint')}
            </p>
          )}
          <ol className="space-y-3" data-testid="lesson-list">
            {shown.map((lesson, index) => (
              <LessonRow
                key={lesson.id}
                courseId={courseId}
                lesson={lesson}
                index={index}
                total={total}
                items={groups.get(lesson.id) ?? []}
                isOwner={isOwner}
                showInertActions={showInertActions}
                reorder={reorder.bind(lesson)}
                actions={actions}
                addingContent={addingTo === lesson.id}
                onToggleAddContent={() => setAddingTo(addingTo === lesson.id ? null : lesson.id)}
              />
            ))}
          </ol>
        </>
      )}

      {looseItems.length > 0 && <CourseMaterials items={looseItems} showInertActions={showInertActions} />}

      <LessonDialogs edits={edits} />
    </section>
  );
}

function StructureHeader({ total, canAdd, onAdd }: { total: number; canAdd: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h2 id="course-structure-heading" className="text-lg font-semibold text-slate-900">
          {t('courseStructure.heading', { count: total })}
        </h2>
        <p className="max-w-2xl text-sm text-slate-600">{t('courseStructure.intro')}</p>
      </div>
      {canAdd && (
        <Button onClick={onAdd} data-testid="add-lesson" className="shrink-0">
          {t('courseStructure.addLesson')}
        </Button>
      )}
    </div>
  );
}

/** the items of the course as a whole, in no lesson */
function CourseMaterials({ items, showInertActions }: { items: ContentItem[]; showInertActions: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="course-materials-heading" className="space-y-2 pt-2" data-testid="course-materials">
      <h3 id="course-materials-heading" className="text-base font-semibold text-slate-900">
        {t('courseStructure.courseMaterials', { count: items.length })}
      </h3>
      <p className="text-sm text-slate-600">{t('courseStructure.courseMaterialsText')}</p>
      <ContentList items={items} showInertActions={showInertActions} />
    </section>
  );
}

function NoLessons({ isOwner, onAdd }: { isOwner: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      headingLevel="h3"
      title={t('courseDetail.noLessonsOwner')}
      description={t('courseStructure.empty')}
      action={
        isOwner ? (
          <Button onClick={onAdd} data-testid="add-lesson">
            {t('courseStructure.addFirstLesson')}
          </Button>
        ) : undefined
      }
    />
  );
}
