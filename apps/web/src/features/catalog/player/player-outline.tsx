import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../../../ui';
import type { PlayerOutline } from './player-units';
import { UnitLink } from './unit-link';

interface OutlineNavProps {
  outline: PlayerOutline;
  selectedId: string | undefined;
  done: ReadonlySet<string>;
  onSelect: (id: string) => void;
}

/** The player's side list: the lessons with their items, then the course materials. */
export function OutlineNav({ outline: { visibleLessons, outline, looseItems }, selectedId, done, onSelect }: OutlineNavProps) {
  const { t } = useTranslation();
  const link = (unit: PlayerOutline['units'][number], nested = false) => (
    <UnitLink unit={unit} nested={nested} selected={unit.id === selectedId} done={done.has(unit.id)} onSelect={() => onSelect(unit.id)} />
  );
  return (
    <Card>
      <CardContent className="p-4">
        <nav aria-labelledby="player-units-heading">
          {/* the same count and word as the course page's lesson list */}
          <h2
            id="player-units-heading"
            className="mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase"
            data-testid="player-lessons-heading"
          >
            {t('courseDetail.lessonsHeading', { count: visibleLessons.length })}
          </h2>
          <ol className="space-y-1">
            {outline.map(({ lesson, items }) => (
              <li key={lesson.id} data-testid="player-lesson">
                {link(lesson)}
                {items.length > 0 && (
                  <ol className="mt-1 ml-4 space-y-1 border-l border-slate-200 pl-2">
                    {items.map((unit) => (
                      <li key={unit.id}>{link(unit, true)}</li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
          {looseItems.length > 0 && (
            <>
              <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                {t('coursePlayer.courseMaterials')}
              </h3>
              <ol className="space-y-1">
                {looseItems.map((unit) => (
                  <li key={unit.id}>{link(unit)}</li>
                ))}
              </ol>
            </>
          )}
        </nav>
      </CardContent>
    </Card>
  );
}
