import type { ContentItem, Lesson } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, cn, focusRing, Switch } from '../../../../ui';
import { AddContentForm } from '../add-content-form';
import { ContentList } from '../content-list';
import { ArrowIcon, GripIcon } from './reorder-icons';
import type { ReorderBindings } from './use-lesson-reorder';

/** What the owner can do to a lesson from its row. */
export interface LessonRowActions {
  setPublished: (lesson: Lesson, published: boolean) => void;
  moveBy: (lesson: Lesson, delta: number) => void;
  edit: (lesson: Lesson) => void;
  askDelete: (lesson: Lesson) => void;
}

interface LessonRowProps {
  courseId: string;
  lesson: Lesson;
  /** 0-based place in the list as shown */
  index: number;
  total: number;
  items: ContentItem[];
  isOwner: boolean;
  showInertActions: boolean;
  reorder: ReorderBindings;
  actions: LessonRowActions;
  addingContent: boolean;
  onToggleAddContent: () => void;
}

/** One lesson of the course structure: its handle, title and facts, the owner's actions, and its content items. */
export function LessonRow({
  courseId,
  lesson,
  index,
  total,
  items,
  isOwner,
  showInertActions,
  reorder,
  actions,
  addingContent,
  onToggleAddContent,
}: LessonRowProps) {
  return (
    <li {...reorder.row} data-testid="managed-lesson" data-lesson-id={lesson.id} data-order={lesson.order} data-position={index + 1}>
      <Card className={cn('transition-shadow', reorder.held && 'shadow-lg ring-2 ring-primary')}>
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
          {isOwner && <DragHandle lesson={lesson} reorder={reorder} />}
          <LessonSummary lesson={lesson} position={index + 1} itemCount={items.length} />
          {isOwner && <LessonOwnerActions lesson={lesson} first={index === 0} last={index === total - 1} actions={actions} />}
        </div>
        <LessonContent
          courseId={courseId}
          lesson={lesson}
          items={items}
          isOwner={isOwner}
          showInertActions={showInertActions}
          open={addingContent}
          onToggle={onToggleAddContent}
        />
      </Card>
    </li>
  );
}

function DragHandle({ lesson, reorder }: { lesson: Lesson; reorder: ReorderBindings }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      {...reorder.handle}
      aria-label={t('courseStructure.dragHandle', { title: lesson.title })}
      aria-describedby="lesson-drag-hint"
      aria-pressed={reorder.grabbed}
      className={cn(
        'hidden size-10 shrink-0 cursor-grab items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100 active:cursor-grabbing sm:inline-flex',
        reorder.grabbed && 'border-primary bg-primary-soft text-primary-strong',
        focusRing,
      )}
      data-testid="lesson-drag-handle"
    >
      <GripIcon />
    </button>
  );
}

function LessonSummary({ lesson, position, itemCount }: { lesson: Lesson; position: number; itemCount: number }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <h3 className="font-medium break-words text-slate-900">
        <span className="mr-2 text-slate-600" data-testid="lesson-position">
          {t('courseStructure.position', { position })}
        </span>
        <span data-testid="lesson-title-text">{lesson.title}</span>
      </h3>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span>{t(`catalog.lessonTypes.${lesson.content_type}`)}</span>
        <span aria-hidden="true">·</span>
        <span>{t('catalog.minutes', { count: lesson.duration_minutes })}</span>
        <span aria-hidden="true">·</span>
        <span data-testid="lesson-item-count">{t('courseStructure.itemCount', { count: itemCount })}</span>
        {!lesson.is_published && <Badge tone="warning">{t('catalog.draft')}</Badge>}
        {lesson.is_free_preview && <Badge tone="primary">{t('catalog.freePreview')}</Badge>}
      </div>
    </div>
  );
}

function LessonOwnerActions({
  lesson,
  first,
  last,
  actions,
}: {
  lesson: Lesson;
  first: boolean;
  last: boolean;
  actions: LessonRowActions;
}) {
  const { t } = useTranslation();
  const moveClasses = 'size-8 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <label className="mr-1 inline-flex items-center gap-2 text-sm text-slate-700">
        <Switch
          checked={lesson.is_published}
          onCheckedChange={(checked) => actions.setPublished(lesson, checked)}
          aria-label={t('courseStructure.publishedLabel', { title: lesson.title })}
          data-testid="lesson-publish-toggle"
        />
        <span aria-hidden="true">{t('courseStructure.published')}</span>
      </label>
      <Button
        variant="outline"
        size="icon"
        className={moveClasses}
        aria-disabled={first}
        onClick={() => actions.moveBy(lesson, -1)}
        aria-label={t('courseStructure.moveUp', { title: lesson.title })}
        data-testid="lesson-move-up"
      >
        <ArrowIcon up />
      </Button>
      <Button
        variant="outline"
        size="icon"
        className={moveClasses}
        aria-disabled={last}
        onClick={() => actions.moveBy(lesson, 1)}
        aria-label={t('courseStructure.moveDown', { title: lesson.title })}
        data-testid="lesson-move-down"
      >
        <ArrowIcon up={false} />
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to={`/lessons/${lesson.id}`}>
          {t('courseStructure.view')}
          <span className="sr-only"> {lesson.title}</span>
        </Link>
      </Button>
      <Button variant="outline" size="sm" onClick={() => actions.edit(lesson)} data-testid="edit-lesson">
        {t('courseStructure.edit')}
        <span className="sr-only"> {lesson.title}</span>
      </Button>
      <Button variant="outline" size="sm" className="text-red-700" onClick={() => actions.askDelete(lesson)} data-testid="delete-lesson">
        {t('courseStructure.delete')}
        <span className="sr-only"> {lesson.title}</span>
      </Button>
    </div>
  );
}

interface LessonContentProps {
  courseId: string;
  lesson: Lesson;
  items: ContentItem[];
  isOwner: boolean;
  showInertActions: boolean;
  open: boolean;
  onToggle: () => void;
}

/** A lesson's content items and, for the owner, the form adding one (one lesson's form open at a time). */
function LessonContent({ courseId, lesson, items, isOwner, showInertActions, open, onToggle }: LessonContentProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 border-t border-slate-200 px-4 py-3" data-testid="lesson-content">
      {items.length > 0 ? (
        <ContentList items={items} showInertActions={showInertActions} />
      ) : (
        <p className="text-sm text-slate-600">{t('courseStructure.noItems')}</p>
      )}
      {isOwner && (
        <div>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={`add-content-${lesson.id}`}
            onClick={onToggle}
            data-testid="lesson-add-content"
          >
            {open ? t('courseStructure.hideAddContent') : t('courseStructure.addContent')}
            {!open && <span className="sr-only"> ({lesson.title})</span>}
          </Button>
          {open && (
            <div id={`add-content-${lesson.id}`} className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
              <h4 className="mb-3 text-sm font-semibold text-slate-900">{t('courseStructure.addContentTo', { title: lesson.title })}</h4>
              <AddContentForm courseId={courseId} lessonId={lesson.id} onAdded={onToggle} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
