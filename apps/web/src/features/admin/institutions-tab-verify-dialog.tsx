import { institutionRoutes, VerifyRequest, type Institution } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { FormField, Textarea, useToast } from '../../ui';
import { formSchemaOf, FormDialog, useContractForm } from '../../ui/form';
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
  // keyed by institution and decision: every opening starts with empty notes
  if (!institution) return null;
  return (
    <VerifyForm key={`${institution.id}-${decision}`} institution={institution} decision={decision} onClose={() => onOpenChange(false)} />
  );
}

function VerifyForm({ institution, decision, onClose }: { institution: Institution; decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const approve = decision === 'verified';
  const schema = useMemo(
    () => formSchemaOf(({ notes }: { notes: string }) => ({ status: decision, notes: notes.trim() === '' ? null : notes }), VerifyRequest),
    [decision],
  );
  const form = useContractForm(schema, { defaultValues: { notes: '' } });
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
      onClose();
    },
    onError: (error) => {
      form.applyServerError(error);
      toast({ title: t('adminDashboard.institutions.updateFailed', { detail: detailOrMessage(error) }), tone: 'error' });
    },
  });

  return (
    <FormDialog
      onClose={onClose}
      title={
        approve
          ? t('adminDashboard.institutions.dialog.approveTitle', { name: institution.name })
          : t('adminDashboard.institutions.dialog.rejectTitle', { name: institution.name })
      }
      description={
        approve ? t('adminDashboard.institutions.dialog.approveDescription') : t('adminDashboard.institutions.dialog.rejectDescription')
      }
      onSubmit={form.submit((body) => verify.mutate({ params: { id: institution.id }, body }))}
      submitLabel={approve ? t('adminDashboard.institutions.dialog.confirmApprove') : t('adminDashboard.institutions.dialog.confirmReject')}
      submitVariant={approve ? 'primary' : 'destructive'}
      pending={verify.isPending}
      testId="verify-institution-dialog"
      formTestId="verify-institution-form"
      submitTestId="verify-institution-confirm"
      contentProps={{ 'data-decision': decision }}
    >
      <FormField
        label={t('adminDashboard.institutions.dialog.notes')}
        hint={t('adminDashboard.institutions.dialog.notesHint')}
        error={form.errorText('notes')}
      >
        {(field) => (
          <Textarea {...field} {...form.register('notes')} rows={4} maxLength={NOTES_MAX} data-testid="verify-institution-notes" />
        )}
      </FormField>
    </FormDialog>
  );
}
