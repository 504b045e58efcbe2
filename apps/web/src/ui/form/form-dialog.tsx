import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../alert';
import { Button, type ButtonVariant } from '../button';
import { cn } from '../cn';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../dialog';

export interface FormDialogProps {
  /** mount the component that holds the form only while the dialog is open, so each opening starts afresh */
  open?: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** the dialog's width and the like (DialogContent's class) */
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** a destructive change (reject, delete) says so on its button */
  submitVariant?: ButtonVariant;
  /** the cancel button's text; "Cancel" when not given */
  cancelLabel?: string;
  pending?: boolean;
  /** the form-level error: said under the fields when present (a failed call with nothing for a field to show) */
  error?: string | null;
  /** a heading before the error's text ("Could not save the plan.") */
  errorTitle?: string;
  /** shows the error alert with only its title when `error` is empty (the call failed, its reasons sit on the fields) */
  failed?: boolean;
  /** what stands after the fields, before the form's error and the buttons (a notice, a summary, a feature's own alert) */
  footerNote?: ReactNode;
  /** what the dialog shows instead of its form once the form has done its part (a redirect under way) */
  replaceFormWith?: ReactNode;
  /** test ids: `testId` on the dialog, the others on the form, the error alert and the submit button */
  testId?: string;
  formTestId?: string;
  errorTestId?: string;
  submitTestId?: string;
  /** more attributes of the dialog (data-* state a test reads) */
  contentProps?: Omit<ComponentProps<typeof DialogContent>, 'children' | 'className'> & Record<`data-${string}`, string>;
  children: ReactNode;
}

/** A dialog that is one form: title, description, the fields, the form's error, Cancel and the submit button. */
export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  className,
  onSubmit,
  submitLabel,
  submitVariant = 'primary',
  cancelLabel,
  pending = false,
  error,
  errorTitle,
  failed = false,
  footerNote,
  replaceFormWith,
  testId,
  formTestId,
  errorTestId,
  submitTestId,
  contentProps,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent {...contentProps} className={className} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {replaceFormWith || (
          <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid={formTestId}>
            {children}
            {footerNote}
            {(error || failed) && (
              <FormErrorAlert title={errorTitle} testId={errorTestId}>
                {error}
              </FormErrorAlert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
              <Button type="submit" variant={submitVariant} loading={pending} data-testid={submitTestId}>
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A form's error: an optional heading, then what went wrong. */
export function FormErrorAlert({
  title,
  testId,
  className,
  children,
}: {
  title?: string | undefined;
  testId?: string | undefined;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Alert tone="error" className={cn(className)} data-testid={testId}>
      {title ? (
        <>
          <strong className="font-semibold">{title}</strong> {children && <span className="block">{children}</span>}
        </>
      ) : (
        children
      )}
    </Alert>
  );
}
