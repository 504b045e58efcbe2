import { useToast } from '../../ui';

/** The mentor dialogs' frame: long forms scroll inside it. */
export const SCROLLING_DIALOG = 'max-h-[90vh] overflow-y-auto';

/** A mentor dialog's save: on success its toast, and the dialog closes; a refusal goes onto the form's fields. */
export function useSaveAndClose(applyServerError: (error: unknown) => void, savedText: string, onClose: () => void) {
  const { toast } = useToast();
  return {
    onSuccess: () => {
      toast({ title: savedText, tone: 'success' });
      onClose();
    },
    onError: applyServerError,
  };
}
