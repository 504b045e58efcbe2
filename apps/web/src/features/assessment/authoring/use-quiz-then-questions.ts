import { assessmentRoutes, type AuthorQuestion, type TestMode } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { useToast } from '../../../ui';
import { useRefreshAssessments } from './authoring-queries';
import { newQuestionDraft, questionBody, questionProblem, type QuestionDraft, type QuestionProblem } from './question-draft';
import type { QuizInfo } from './quiz-info-fields';

/**
 * The flow of the simple quiz page and the exam page: the assessment is created first
 * (POST /quizzes in the course), then questions are added to it one by one
 * (POST /quizzes/{id}/questions). The pages keep their own steps, texts and checks.
 */
export function useQuizThenQuestions({
  courseId,
  testMode,
  createdMessage,
}: {
  courseId: string;
  testMode: TestMode;
  createdMessage: string;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshAssessments();
  const [quizId, setQuizId] = useState<string | null>(null);
  const [added, setAdded] = useState<AuthorQuestion[]>([]);
  const [draft, setDraftState] = useState<QuestionDraft>(() => newQuestionDraft());
  const [draftProblem, setDraftProblem] = useState<QuestionProblem | null>(null);

  const create = useMutation({
    mutationFn: (v: QuizInfo) =>
      callRoute(assessmentRoutes.createQuiz, {
        body: {
          ...v,
          title: v.title.trim(),
          description: v.description.trim(),
          subject: v.subject.trim(),
          course_id: courseId,
          test_mode: testMode,
        },
      }),
  });
  const addQuestion = useMutation({
    mutationFn: ({ id, q }: { id: string; q: QuestionDraft }) =>
      callRoute(assessmentRoutes.addQuestion, { params: { id }, body: questionBody(q) }),
  });

  /** Creates the assessment from checked info; the question draft takes its subject and difficulty. */
  const createQuiz = (info: QuizInfo) =>
    create.mutate(info, {
      onSuccess: (quiz) => {
        if (!quiz?.id) {
          toast({ title: t('authoring.invalidResponse'), tone: 'error' });
          return;
        }
        setQuizId(quiz.id);
        setDraftState((d) => ({ ...d, subject: d.subject || info.subject.trim(), difficulty: info.difficulty }));
        toast({ title: createdMessage, tone: 'success' });
        void refresh();
      },
      onError: (error) => toast({ title: detailOr(error, t('authoring.builder.createFailed')), tone: 'error' }),
    });

  /** Adds the draft to the created assessment when it passes the builder's rules (else shows its problem). */
  const addDraft = (onAdded: () => void) => {
    const found = questionProblem(draft);
    setDraftProblem(found);
    if (found || !quizId) return;
    addQuestion.mutate(
      { id: quizId, q: draft },
      {
        onSuccess: (question) => {
          setAdded((list) => [...list, question]);
          setDraftState(newQuestionDraft(draft.subject, draft.difficulty));
          onAdded();
          toast({ title: t('authoring.questionAdded'), tone: 'success' });
          void refresh();
        },
        onError: (error) => toast({ title: detailOr(error, t('authoring.addQuestionFailed')), tone: 'error' }),
      },
    );
  };

  /** A change to the draft clears the problem shown for it. */
  const setDraft = (next: QuestionDraft) => {
    setDraftState(next);
    setDraftProblem(null);
  };

  return {
    quizId,
    added,
    draft,
    setDraft,
    draftProblem,
    clearDraftProblem: () => setDraftProblem(null),
    createQuiz,
    creating: create.isPending,
    addDraft,
    adding: addQuestion.isPending,
  };
}
