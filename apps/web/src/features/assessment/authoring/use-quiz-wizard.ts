import { assessmentRoutes, type QuizAuthor } from '@lp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { quizFormSchema, type QuizValues } from './quiz-values';

export const STEPS = ['basic', 'questions', 'settings'] as const;
export type Step = (typeof STEPS)[number];
export type QuizOutput = z.output<ReturnType<typeof quizFormSchema>>;

/** The fields each step checks before the next one opens. */
const STEP_FIELDS = {
  basic: ['title', 'description', 'subject', 'difficulty', 'course_id', 'instructions'],
  questions: ['questions'],
  settings: ['test_mode', 'time_limit', 'passing_score', 'max_attempts'],
} as const satisfies Record<Step, readonly (keyof QuizValues)[]>;

/**
 * The wizard's one form, checked by the contract's mock-test schema (plus the builder's own rule:
 * at least one question), its current step, and the save: POST /mock-tests, or PUT
 * /mock-tests/{id} (which replaces the question set) when editing.
 */
export function useQuizWizard(initial: QuizValues, editingId: string | null, onSaved: (quiz: QuizAuthor) => void) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const addOneQuestion = t('authoring.validation.addOneQuestion');
  const schema = useMemo(() => quizFormSchema(addOneQuestion), [addOneQuestion]);
  const form = useContractForm<QuizValues, QuizOutput>(schema, { defaultValues: initial });
  const [step, setStep] = useState<Step>('basic');

  const create = useRouteMutation(assessmentRoutes.createMockTest, { invalidates: ['assessment.'] });
  const update = useRouteMutation(assessmentRoutes.updateMockTest, { invalidates: ['assessment.'] });

  /** The first of the steps before the `before`-th whose fields do not pass, or null. */
  const firstIncomplete = async (before: number): Promise<Step | null> => {
    for (const s of STEPS.slice(0, before)) {
      if (!(await form.trigger(STEP_FIELDS[s]))) return s;
    }
    return null;
  };

  const goTo = async (target: Step) => {
    // going back is always allowed; going forward needs every step before the target to be complete
    setStep((await firstIncomplete(STEPS.indexOf(target))) ?? target);
  };

  const finish = async () => {
    const incomplete = await firstIncomplete(STEPS.length);
    if (incomplete) {
      setStep(incomplete);
      return;
    }
    await form.handleSubmit((body) => {
      const done = {
        onSuccess: (quiz: QuizAuthor) => {
          toast({ title: editingId ? t('authoring.builder.updated') : t('authoring.builder.created'), tone: 'success' });
          onSaved(quiz);
        },
        onError: (error: Error) =>
          toast({
            title: detailOr(error, editingId ? t('authoring.builder.updateFailed') : t('authoring.builder.createFailed')),
            tone: 'error',
          }),
      };
      if (editingId) update.mutate({ params: { id: editingId }, body }, done);
      else create.mutate({ body }, done);
    })();
  };

  return { form, step, goTo, finish, saving: create.isPending || update.isPending };
}
