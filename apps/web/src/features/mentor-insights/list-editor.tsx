import { Button, Input } from '../../ui';

/**
 * An editable list with "add more" (the spec's action items, goals and milestones): one text
 * box per item, each with its own accessible name and a Remove.
 */
export function ListEditor({
  legend,
  rows,
  onChange,
  itemLabel,
  removeLabel,
  addLabel,
  errorOf,
  listError,
  testId,
  maxLength = 300,
}: {
  legend: string;
  rows: string[];
  onChange: (rows: string[]) => void;
  itemLabel: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  errorOf?: (index: number) => string | undefined;
  listError?: string | undefined;
  testId: string;
  maxLength?: number;
}) {
  return (
    <fieldset className="space-y-2" data-testid={testId}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {rows.map((row, i) => {
        const n = i + 1;
        const error = errorOf?.(i);
        const errorId = `${testId}-${i}-error`;
        return (
          <div key={i}>
            <div className="flex gap-2">
              <Input
                value={row}
                onChange={(e) => onChange(rows.map((r, j) => (j === i ? e.target.value : r)))}
                aria-label={itemLabel(n)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? errorId : undefined}
                maxLength={maxLength}
                data-testid={`${testId}-item`}
              />
              {rows.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="shrink-0"
                  aria-label={removeLabel(n)}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              )}
            </div>
            {error && (
              <p id={errorId} className="mt-1 text-xs font-medium text-red-700" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {listError && (
        <p className="text-xs font-medium text-red-700" role="alert">
          {listError}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={() => onChange([...rows, ''])} data-testid={`${testId}-add`}>
        {addLabel}
      </Button>
    </fieldset>
  );
}
