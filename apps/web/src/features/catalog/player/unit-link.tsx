import { useTranslation } from 'react-i18next';
import { cn, focusRing } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import type { Unit } from './player-units';

interface UnitLinkProps {
  unit: Unit;
  selected: boolean;
  done: boolean;
  nested?: boolean;
  onSelect: () => void;
}

/** A unit in the player's outline: its title and type, ticked when done. */
export function UnitLink({ unit, selected, done, nested = false, onSelect }: UnitLinkProps) {
  const { t } = useTranslation();
  const typeLabel =
    unit.kind === 'lesson' ? t(`catalog.lessonTypes.${unit.lesson.content_type}`) : t(`catalog.contentTypes.${unit.item.type}`);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid="player-unit"
      data-unit-id={unit.id}
      data-done={done ? 'true' : 'false'}
      data-kind={unit.kind}
      className={cn(
        'flex w-full cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-left text-sm',
        nested && 'py-1.5',
        selected ? 'bg-primary-soft font-medium text-primary-strong' : 'text-slate-700 hover:bg-slate-100',
        focusRing,
      )}
    >
      <span
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border',
          done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-300 bg-white',
        )}
      >
        {done && <CheckIcon className="size-3.5" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block break-words">{unit.title}</span>
        <span className="block text-xs font-normal text-slate-600">{typeLabel}</span>
      </span>
      {done && <span className="sr-only">{t('courseDetail.lessonDone')}</span>}
    </button>
  );
}
