import { applyLatePenalty, assessmentRoutes, GRADE_STEP, gradeProblem, type Assignment, type Submission } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Textarea,
  useToast,
} from '../../ui';
import { useContractForm } from '../../ui/form';
import { useFormatPoints } from './assignment-format';
import { ASSIGNMENT_ANSWERS } from './assignment-queries';
import { gradeFormSchema } from './form-schemas';

interface GradeDialogProps {
  assignment: Assignment;
  /** the submission being graded; null closes the dialog */
  submission: Submission | null;
  onClose: () => void;
}

export function GradeDialog({ assignment, submission, onClose }: GradeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={submission !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="grade-dialog">
        {submission && (
          <>
            <DialogHeader>
              <DialogTitle>{t('assignments.submissions.gradeTitle', { name: submission.student_name })}</DialogTitle>
              <DialogDescription>
                {t('assignments.submissions.gradeDescription', { max: assignment.max_points, step: GRADE_STEP })}
              </DialogDescription>
            </DialogHeader>
            {/* keyed so that another submission starts from its own grade */}
            <GradeForm key={submission.id} assignment={assignment} submission={submission} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function GradeForm({ assignment, submission, onDone }: { assignment: Assignment; submission: Submission; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const points = useFormatPoints();
  const schema = useMemo(() => gradeFormSchema(assignment.max_points), [assignment.max_points]);
  const form = useContractForm(schema, {
    // a re-grade starts from the grade the grader gave before, not the penalised one
    defaultValues: { grade: submission.raw_grade ?? Number.NaN, feedback: submission.feedback ?? '' },
  });

  const grade = useRouteMutation(assessmentRoutes.gradeSubmission, {
    invalidates: ASSIGNMENT_ANSWERS,
    onSuccess: () => {
      toast({ title: t('assignments.submissions.graded'), tone: 'success' });
      onDone();
    },
    onError: (error) => toast({ title: t('assignments.submissions.gradeFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });

  // The server applies the late penalty when it saves; the grader sees its effect beforehand
  // with the same rule (libs/contracts).
  const penalised = submission.is_late && submission.days_late > 0 && assignment.late_penalty_percent > 0;
  const typed = form.watch('grade');
  const after =
    penalised && typeof typed === 'number' && gradeProblem(typed, assignment.max_points) === null
      ? applyLatePenalty(typed, submission.days_late, assignment.late_penalty_percent)
      : null;

  return (
    <form
      onSubmit={form.handleSubmit((body) => grade.mutate({ params: { id: submission.id }, body }))}
      noValidate
      className="space-y-4"
      data-testid="grade-form"
    >
      <FormField label={t('assignments.submissions.gradeLabel', { max: points(assignment.max_points) })} error={form.errorText('grade')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('grade', { valueAsNumber: true })}
            type="number"
            min={0}
            max={assignment.max_points}
            step={GRADE_STEP}
            inputMode="decimal"
            required
            data-testid="grade-input"
          />
        )}
      </FormField>
      {penalised && (
        <Alert tone="info" data-testid="penalty-preview">
          {t('assignments.submissions.penaltyPreview', { count: submission.days_late, percent: points(assignment.late_penalty_percent) })}
          {after && (
            <span className="mt-1 block font-medium" data-testid="penalty-result">
              {t('assignments.submissions.penaltyResult', {
                raw: points(typed),
                grade: points(after.grade),
                max: points(assignment.max_points),
              })}
            </span>
          )}
        </Alert>
      )}
      <FormField label={t('assignments.submissions.feedbackLabel')} error={form.errorText('feedback')}>
        {(field) => <Textarea {...field} {...form.register('feedback')} rows={5} data-testid="feedback-input" />}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={grade.isPending} data-testid="grade-save">
          {t('assignments.submissions.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
