import type { ContentItem } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, CardContent } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import { AudioPlayer, PdfViewer, TextContent, VideoPlayer } from '../shared/media';
import { LessonBody } from '../viewer/lesson-body';
import type { Unit } from './player-units';

function ItemBody({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  if (item.type === 'text')
    return item.content ? <TextContent text={item.content} /> : <Alert tone="info">{t('lessonViewer.locked')}</Alert>;
  if (!item.url) return <Alert tone="info">{t('lessonViewer.locked')}</Alert>;
  if (item.type === 'video') return <VideoPlayer url={item.url} title={item.title} />;
  if (item.type === 'audio') return <AudioPlayer url={item.url} title={item.title} />;
  return <PdfViewer url={item.url} title={item.title} />;
}

interface UnitViewerProps {
  unit: Unit;
  done: boolean;
  /** a learner marks units complete; the owner previewing does not */
  enrolled: boolean;
  marking: boolean;
  onComplete: () => void;
  /** the unit after this one, if any */
  onNext: (() => void) | null;
}

/** The selected lesson or item: its type, title and body, Mark complete and Next. */
export function UnitViewer({ unit, done, enrolled, marking, onComplete, onNext }: UnitViewerProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">
          {unit.kind === 'lesson' ? t(`catalog.lessonTypes.${unit.lesson.content_type}`) : t(`catalog.contentTypes.${unit.item.type}`)}
        </Badge>
        {done && (
          <Badge tone="success">
            <CheckIcon className="mr-1 size-3.5" />
            {t('lessonViewer.completed')}
          </Badge>
        )}
      </div>
      <h2 id="player-unit-title" className="text-xl font-semibold break-words text-slate-900">
        {unit.title}
      </h2>
      <Card>
        <CardContent data-testid="player-viewer">
          {unit.kind === 'lesson' ? <LessonBody lesson={unit.lesson} /> : <ItemBody item={unit.item} />}
        </CardContent>
      </Card>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        {enrolled ? (
          <Button
            onClick={onComplete}
            loading={marking}
            disabled={done}
            variant={done ? 'outline' : 'primary'}
            data-testid="player-mark-complete"
          >
            {done ? t('lessonViewer.completed') : t('player.markComplete')}
          </Button>
        ) : (
          <span />
        )}
        {onNext && (
          <Button variant="outline" onClick={onNext} data-testid="player-next">
            {t('player.next')}
          </Button>
        )}
      </div>
    </>
  );
}
