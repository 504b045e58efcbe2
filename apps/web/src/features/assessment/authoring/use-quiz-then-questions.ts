import { assessmentRoutes, type AuthorQuestion, type QuestionInput, type QuizCreateInput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useToast } from '../../../ui';

/**
 * The flow of the simple quiz page and the exam page: the assessment is created first
 * (POST /quizzes in the course), then questions are added to it one by one
 * (POST /quizzes/{id}/questions). The pages keep their own steps, texts and checks.
 */
export function useQuizThenQuestions({ createdMessage }: { createdMessage: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [quizId, setQuizId] = useState<string | null>(null);
  const [added, setAdded] = useState<AuthorQuestion[]>([]);
  const create = useRouteMutation(assessmentRoutes.createQuiz, { invalidates: ['assessment.'] });
  const add = useRouteMutation(assessmentRoutes.addQuestion, { invalidates: ['assessment.'] });

  /** Creates the assessment from its checked info (the contract's POST /quizzes body). */
  const createQuiz = (body: QuizCreateInput) =>
    create.mutate(
      { body },
      {
        onSuccess: (quiz) => {
          if (!quiz?.id) {
            toast({ title: t('authoring.invalidResponse'), tone: 'error' });
            return;
          }
          setQuizId(quiz.id);
          toast({ title: createdMessage, tone: 'success' });
        },
        onError: (error) => toast({ title: detailOr(error, t('authoring.builder.createFailed')), tone: 'error' }),
      },
    );

  /** Adds a checked question to the created assessment; true once it is there. */
  const addQuestion = async (question: QuestionInput): Promise<boolean> => {
    if (!quizId) return false;
    try {
      const saved = await add.mutateAsync({ params: { id: quizId }, body: question });
      setAdded((list) => [...list, saved]);
      toast({ title: t('authoring.questionAdded'), tone: 'success' });
      return true;
    } catch (error) {
      toast({ title: detailOr(error, t('authoring.addQuestionFailed')), tone: 'error' });
      return false;
    }
  };

  return { quizId, added, createQuiz, creating: create.isPending, addQuestion, adding: add.isPending };
}
