import { catalogRoutes, INTERVENTION_TYPES, InterventionQuery } from '@lp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import type { AtRiskStudent } from './instructor-types';

interface InterventionDialogProps {
  student: AtRiskStudent | null;
  onClose: () => void;
}

/** Spec 2.12 Send Support Message: POST /instructor/students/{id}/intervention?course_id=…&intervention_type=… */
export function InterventionDialog({ student, onClose }: InterventionDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  // the contract's query: the learner's course and the kind of message
  const form = useContractForm(InterventionQuery, { defaultValues: { course_id: '', intervention_type: 'support' as const } });
  const send = useRouteMutation(catalogRoutes.intervention, { invalidates: ['catalog.'] });

  useEffect(() => {
    if (student) form.reset({ course_id: student.course_id, intervention_type: 'support' });
  }, [student, form]);

  const submit = form.handleSubmit((query) => {
    if (!student) return;
    send.mutate(
      { params: { id: student.student_id }, query },
      {
        onSuccess: () => {
          toast({ title: t('instructorDashboard.intervention.success'), tone: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: detailOr(error, t('instructorDashboard.intervention.failure')), tone: 'error' }),
      },
    );
  });

  return (
    <FormDialog
      open={student !== null}
      onClose={onClose}
      title={t('instructorDashboard.intervention.title')}
      description={
        student ? t('instructorDashboard.intervention.description', { name: student.student_name, course: student.course_title }) : ''
      }
      onSubmit={submit}
      submitLabel={t('instructorDashboard.intervention.send')}
      pending={send.isPending}
      testId="intervention-dialog"
      submitTestId="intervention-send"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('instructorDashboard.intervention.type')}</legend>
        <div className="space-y-2">
          {INTERVENTION_TYPES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                {...form.register('intervention_type')}
                value={value}
                className="mt-1 accent-[var(--color-primary)]"
                data-testid={`intervention-${value}`}
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t(`instructorDashboard.intervention.types.${value}`)}</span>
                <span className="block text-xs text-slate-600">{t(`instructorDashboard.intervention.typeHints.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
