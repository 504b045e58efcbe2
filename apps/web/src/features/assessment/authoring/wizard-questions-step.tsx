import { DEFAULT_DIFFICULTY } from '@lp/contracts';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '../../../i18n/validation-text';
import { Button } from '../../../ui';
import { completeDraft, draftFromQuestion, newQuestionDraft, type QuestionDraft } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import type { QuizValues } from './quiz-values';
import type { QuizOutput } from './use-quiz-wizard';

/** The question being edited: a new one, or the listed one at `index`; `key` starts the editor again. */
export interface EditorState {
  index: number | null;
  start: QuestionDraft;
  key: number;
}

/** The question editor's state, kept by the wizard so leaving the step and coming back keeps what is being edited. */
export function useQuestionEditorState(initial: QuizValues) {
  const [editor, setEditor] = useState<EditorState>(() => ({
    index: null,
    start: newQuestionDraft(initial.subject, initial.difficulty),
    key: 0,
  }));
  const open = (index: number | null, start: QuestionDraft) => setEditor((e) => ({ index, start, key: e.key + 1 }));
  return { editor, open };
}

interface QuestionsStepProps {
  form: UseFormReturn<QuizValues, unknown, QuizOutput>;
  editorState: ReturnType<typeof useQuestionEditorState>;
}

/** Step 2: the quiz's questions, listed, and the editor adding one or changing the one picked. */
export function QuestionsStep({ form, editorState: { editor, open } }: QuestionsStepProps) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { errors } = form.formState;
  const questions = form.watch('questions') ?? [];
  const subject = form.watch('subject') ?? '';
  const difficulty = form.watch('difficulty') ?? DEFAULT_DIFFICULTY;
  const setQuestions = (next: QuizValues['questions']) =>
    form.setValue('questions', next, { shouldValidate: form.formState.isSubmitted || Boolean(errors.questions) });
  const questionsError = errors.questions?.root?.message ?? errors.questions?.message;
  const openNew = (draft = newQuestionDraft(subject, difficulty)) => open(null, draft);

  return (
    <div className="space-y-6">
      <section aria-labelledby="wizard-questions-heading" className="space-y-3">
        <h2 id="wizard-questions-heading" className="text-lg font-semibold text-slate-900">
          {t('authoring.builder.questionsTitle', { count: questions.length })}
        </h2>
        <QuestionList
          questions={questions.map(completeDraft)}
          onEdit={(index) => open(index, draftFromQuestion(completeDraft(questions[index]!)))}
          onRemove={(index) => {
            setQuestions(questions.filter((_, i) => i !== index));
            if (editor.index === index) openNew();
          }}
        />
        {questionsError && (
          <p className="text-sm font-medium text-red-700" role="alert">
            {vt(questionsError)}
          </p>
        )}
      </section>
      <section aria-labelledby="wizard-editor-heading" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 id="wizard-editor-heading" className="font-semibold text-slate-900">
          {editor.index === null ? t('authoring.question.newTitle') : t('authoring.question.editTitle', { number: editor.index + 1 })}
        </h3>
        <QuestionEditor
          key={editor.key}
          initial={editor.start}
          submitLabel={editor.index === null ? t('authoring.question.add') : t('authoring.question.update')}
          onSubmit={(question) => {
            setQuestions(editor.index === null ? [...questions, question] : questions.map((q, i) => (i === editor.index ? question : q)));
            if (editor.index !== null) openNew(newQuestionDraft(question.subject, question.difficulty));
            return true;
          }}
          actions={
            editor.index !== null && (
              <Button variant="outline" onClick={() => openNew()}>
                {t('common.cancel')}
              </Button>
            )
          }
        />
      </section>
    </div>
  );
}
