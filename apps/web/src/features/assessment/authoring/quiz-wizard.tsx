import type { QuizAuthor } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardContent } from '../../../ui';
import type { QuizValues } from './quiz-values';
import { STEPS, useQuizWizard } from './use-quiz-wizard';
import { QuestionsStep, useQuestionEditorState } from './wizard-questions-step';
import { BasicInfoStep, SettingsStep, StepIndicator } from './wizard-steps';

interface QuizWizardProps {
  initial: QuizValues;
  /** the assessment being edited; a new one is created without it */
  editingId: string | null;
  onSaved: (quiz: QuizAuthor) => void;
  onCancel: () => void;
}

/**
 * The builder's 3-step wizard (spec 2): Basic Info, Questions, Settings, one form
 * (use-quiz-wizard.ts). Each step checks its fields before the next opens; the last one saves
 * the whole quiz with its questions.
 */
export function QuizWizard({ initial, editingId, onSaved, onCancel }: QuizWizardProps) {
  const { t } = useTranslation();
  const { form, step, goTo, finish, saving } = useQuizWizard(initial, editingId, onSaved);
  const editorState = useQuestionEditorState(initial);
  const { errors } = form.formState;
  const at = STEPS.indexOf(step);

  return (
    <div className="space-y-6" data-testid="quiz-wizard" data-step={step} data-mode={editingId ? 'edit' : 'create'}>
      <StepIndicator current={step} onSelect={(s) => void goTo(s)} />
      <Card>
        <CardContent className="space-y-4 pt-6">
          {step === 'basic' && <BasicInfoStep register={form.register} control={form.control} errors={errors} />}
          {step === 'questions' && <QuestionsStep form={form} editorState={editorState} />}
          {step === 'settings' && (
            <SettingsStep register={form.register} control={form.control} errors={errors} testMode={form.watch('test_mode')} />
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onCancel} disabled={saving} data-testid="wizard-cancel">
          {t('common.cancel')}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step !== 'basic' && (
            <Button variant="outline" onClick={() => void goTo(STEPS[at - 1]!)} disabled={saving} data-testid="wizard-back">
              {t('authoring.builder.previous')}
            </Button>
          )}
          {step !== 'settings' ? (
            <Button onClick={() => void goTo(STEPS[at + 1]!)} data-testid="wizard-next">
              {t('authoring.builder.next')}
            </Button>
          ) : (
            <Button onClick={() => void finish()} loading={saving} data-testid="wizard-save">
              {editingId ? t('authoring.builder.saveChanges') : t('authoring.builder.createQuiz')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
