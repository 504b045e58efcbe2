import { cn } from '../cn';

/** A field's error where no FormField wires it (a group of checkboxes or radios, a list): announced when it appears. */
export function FieldMessage({
  id,
  message,
  testId,
  className,
}: {
  id?: string;
  message: string | undefined;
  testId?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={cn('text-xs font-medium text-red-700', className)} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
