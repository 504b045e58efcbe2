import {
  ASSIGNMENT_MAX_POINTS,
  ASSIGNMENT_TYPES,
  AssignmentCreateRequest,
  LATE_PENALTY_PERCENT,
  type Assignment,
  type AssignmentType,
} from '@lp/contracts';
import { useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button, FormField, Input, Label, Select, Switch, Textarea } from '../../ui';
import { useContractForm } from '../../ui/form';
import { fromLocalInputs, toLocalInputs } from './due-date';
import { assignmentFormSchema } from './form-schemas';

/** A new assignment is due in a week at 23:59 unless the author picks another date. */
const NEW_DUE_DAYS = 7;
const NEW_DUE_TIME = '23:59';

type FormSchema = ReturnType<typeof assignmentFormSchema>;
type FormInput = z.input<FormSchema>;

/** What the form hands back: the contract's create body (the edit page drops course_id). */
export type AssignmentFormValues = z.output<typeof AssignmentCreateRequest>;

export function newAssignmentDefaults(courseId: string, now: Date = new Date()): FormInput {
  const due = new Date(now.getTime() + NEW_DUE_DAYS * 86_400_000);
  return {
    course_id: courseId,
    title: '',
    description: '',
    assignment_type: ASSIGNMENT_TYPES[0],
    instructions: '',
    max_points: ASSIGNMENT_MAX_POINTS.default,
    due_day: toLocalInputs(due.toISOString()).day,
    due_time: NEW_DUE_TIME,
    allow_late_submission: AssignmentCreateRequest.shape.allow_late_submission.parse(undefined),
    late_penalty_percent: LATE_PENALTY_PERCENT.default,
    is_published: AssignmentCreateRequest.shape.is_published.parse(undefined),
  };
}

export function assignmentToDefaults(a: Assignment): FormInput {
  const { day, time } = toLocalInputs(a.due_date);
  return {
    course_id: a.course_id,
    title: a.title,
    description: a.description,
    assignment_type: a.assignment_type,
    instructions: a.instructions,
    max_points: a.max_points,
    due_day: day,
    due_time: time,
    allow_late_submission: a.allow_late_submission,
    late_penalty_percent: a.late_penalty_percent,
    is_published: a.is_published,
  };
}

interface AssignmentFormProps {
  defaultValues: FormInput;
  /** the courses to choose from; absent when the course cannot change (editing) */
  courses?: readonly { id: string; title: string }[];
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: AssignmentFormValues) => void;
  onCancel: () => void;
  testId: string;
}

export function AssignmentForm({ defaultValues, courses, pending, submitLabel, onSubmit, onCancel, testId }: AssignmentFormProps) {
  const { t } = useTranslation();
  const lateId = useId();
  const publishedId = useId();
  const schema = useMemo(
    () =>
      assignmentFormSchema({
        dayRequired: t('assignments.form.dueDateRequired'),
        timeRequired: t('assignments.form.dueTimeRequired'),
        invalid: t('assignments.form.dueDateInvalid'),
      }),
    [t],
  );
  const form = useContractForm(schema, { defaultValues });
  const allowLate = form.watch('allow_late_submission');

  const submit = form.handleSubmit(({ due_day, due_time, ...rest }) => {
    // the schema checked that these make a date
    onSubmit({ ...rest, due_date: fromLocalInputs(due_day, due_time)! });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={testId}>
      {courses && (
        <FormField label={t('assignments.form.course')} error={form.errorText('course_id')}>
          {(field) => (
            <Select {...field} {...form.register('course_id')} data-testid="assignment-course">
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      <FormField label={t('assignments.form.title')} error={form.errorText('title')}>
        {(field) => <Input {...field} {...form.register('title')} required data-testid="assignment-title" />}
      </FormField>
      <FormField label={t('assignments.form.description')} error={form.errorText('description')}>
        {(field) => <Textarea {...field} {...form.register('description')} rows={3} required data-testid="assignment-description" />}
      </FormField>
      <FormField label={t('assignments.form.type')} error={form.errorText('assignment_type')}>
        {(field) => (
          <Select {...field} {...form.register('assignment_type')} data-testid="assignment-type">
            {ASSIGNMENT_TYPES.map((type: AssignmentType) => (
              <option key={type} value={type}>
                {t(`assignments.types.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('assignments.form.instructions')} error={form.errorText('instructions')}>
        {(field) => <Textarea {...field} {...form.register('instructions')} rows={5} required data-testid="assignment-instructions" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('assignments.form.maxPoints')} error={form.errorText('max_points')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('max_points', { valueAsNumber: true })}
              type="number"
              min={ASSIGNMENT_MAX_POINTS.min}
              max={ASSIGNMENT_MAX_POINTS.max}
              inputMode="decimal"
              required
              data-testid="assignment-max-points"
            />
          )}
        </FormField>
        <FormField label={t('assignments.form.dueDate')} error={form.errorText('due_day')}>
          {(field) => <Input {...field} {...form.register('due_day')} type="date" required data-testid="assignment-due-date" />}
        </FormField>
        <FormField label={t('assignments.form.dueTime')} error={form.errorText('due_time')}>
          {(field) => <Input {...field} {...form.register('due_time')} type="time" required data-testid="assignment-due-time" />}
        </FormField>
      </div>
      <div className="space-y-4 rounded-xl border border-slate-200 p-4">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={lateId}>{t('assignments.form.allowLate')}</Label>
          <Controller
            control={form.control}
            name="allow_late_submission"
            render={({ field }) => (
              <Switch id={lateId} checked={Boolean(field.value)} onCheckedChange={field.onChange} data-testid="assignment-allow-late" />
            )}
          />
        </div>
        {allowLate && (
          <FormField
            label={t('assignments.form.latePenalty')}
            hint={t('assignments.form.latePenaltyHint')}
            error={form.errorText('late_penalty_percent')}
          >
            {(field) => (
              <Input
                {...field}
                {...form.register('late_penalty_percent', { valueAsNumber: true })}
                type="number"
                min={LATE_PENALTY_PERCENT.min}
                max={LATE_PENALTY_PERCENT.max}
                inputMode="decimal"
                data-testid="assignment-late-penalty"
              />
            )}
          </FormField>
        )}
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={publishedId}>{t('assignments.form.published')}</Label>
            <p className="text-xs text-slate-600">{t('assignments.form.publishedHint')}</p>
          </div>
          <Controller
            control={form.control}
            name="is_published"
            render={({ field }) => (
              <Switch
                id={publishedId}
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
                data-testid="assignment-published-switch"
              />
            )}
          />
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('assignments.form.cancel')}
        </Button>
        <Button type="submit" loading={pending} data-testid="assignment-save">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
