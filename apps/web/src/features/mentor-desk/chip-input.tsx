import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, cn, focusRing, Input, Label } from '../../ui';
import { addChips, removeChip } from './chips';

interface ChipInputProps {
  label: string;
  hint: string;
  placeholder: string;
  emptyText: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  testId: string;
}

/**
 * A list typed as chips: Enter, the Add button or leaving the box adds what is typed (commas
 * split it), each chip has its own remove button.
 */
export function ChipInput({ label, hint, placeholder, emptyText, value, onChange, error, testId }: ChipInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const commit = () => {
    if (!draft.trim()) return;
    onChange(addChips(value, draft));
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="space-y-1.5" data-testid={testId}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
          placeholder={placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          data-testid={`${testId}-input`}
        />
        <Button
          type="button"
          variant="outline"
          onClick={commit}
          aria-label={t('mentorDesk.profile.addTo', { field: label })}
          data-testid={`${testId}-add`}
        >
          {t('mentorDesk.profile.add')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {value.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul
          className="flex flex-wrap gap-2"
          aria-label={t('mentorDesk.profile.listLabel', { field: label })}
          data-testid={`${testId}-chips`}
        >
          {value.map((chip) => (
            <li
              key={chip}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-0.5 pl-3 text-sm text-primary-strong"
            >
              <span className="truncate">{chip}</span>
              <button
                type="button"
                onClick={() => onChange(removeChip(value, chip))}
                aria-label={t('mentorDesk.profile.remove', { item: chip })}
                className={cn(
                  'inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-white/70',
                  focusRing,
                )}
              >
                <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
