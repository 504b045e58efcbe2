import { institutionRoutes, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { fieldErrorsOf } from '../../api/field-errors';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Textarea,
  useToast,
} from '../../ui';
import type { Decision } from './institutions-tab-logic';

const NOTES_MAX = 2000;

/** Approve or reject one pending institution, with optional notes (POST /admin/institutions/{id}/verify). */
export function VerifyInstitutionDialog({
  institution,
  decision,
  onOpenChange,
}: {
  institution: Institution | null;
  decision: Decision;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const open = institution !== null;
  const approve = decision === 'verified';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="verify-institution-dialog" data-decision={decision}>
        <DialogHeader>
          <DialogTitle>
            {approve
              ? t('adminDashboard.institutions.dialog.approveTitle', { name: institution?.name ?? '' })
              : t('adminDashboard.institutions.dialog.rejectTitle', { name: institution?.name ?? '' })}
          </DialogTitle>
          <DialogDescription>
            {approve
              ? t('adminDashboard.institutions.dialog.approveDescription')
              : t('adminDashboard.institutions.dialog.rejectDescription')}
          </DialogDescription>
        </DialogHeader>
        {/* keyed by institution and decision: every opening starts with empty notes */}
        {institution && (
          <VerifyFields
            key={`${institution.id}-${decision}`}
            institution={institution}
            decision={decision}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function VerifyFields({ institution, decision, onDone }: { institution: Institution; decision: Decision; onDone: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [notes, setNotes] = useState('');
  const verify = useRouteMutation(institutionRoutes.verify, {
    invalidates: ['institution.admin.'],
    onSuccess: (updated) => {
      toast({
        title:
          updated.verification_status === 'verified'
            ? t('adminDashboard.institutions.approved', { name: updated.name })
            : t('adminDashboard.institutions.rejected', { name: updated.name }),
        tone: 'success',
      });
      onDone();
    },
    onError: (error) => toast({ title: t('adminDashboard.institutions.updateFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });
  const notesError = verify.isError ? fieldErrorsOf(verify.error, ['notes'] as const).byField.notes : undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        verify.mutate({ params: { id: institution.id }, body: { status: decision, notes: notes.trim() === '' ? null : notes } });
      }}
      noValidate
      className="space-y-4"
      data-testid="verify-institution-form"
    >
      <FormField
        label={t('adminDashboard.institutions.dialog.notes')}
        hint={t('adminDashboard.institutions.dialog.notesHint')}
        error={vt(notesError)}
      >
        {(field) => (
          <Textarea
            {...field}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={4}
            maxLength={NOTES_MAX}
            data-testid="verify-institution-notes"
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant={decision === 'rejected' ? 'destructive' : 'primary'}
          loading={verify.isPending}
          data-testid="verify-institution-confirm"
        >
          {decision === 'verified'
            ? t('adminDashboard.institutions.dialog.confirmApprove')
            : t('adminDashboard.institutions.dialog.confirmReject')}
        </Button>
      </DialogFooter>
    </form>
  );
}
