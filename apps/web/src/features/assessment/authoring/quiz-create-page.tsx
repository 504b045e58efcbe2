import {
  assessmentRoutes,
  DEFAULT_DIFFICULTY,
  MAX_ATTEMPTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  type QuestionType,
  type TestMode,
} from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, PageHeader, useToast } from '../../../ui';
import { LoadError, LoadingBlock } from '../../catalog/shared/query-state';
import { useRefreshAssessments } from './authoring-queries';
import { newQuestionDraft, questionBody, questionProblem, type QuestionDraft, type QuestionProblem } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { boundValues, infoProblem, QuizInfoFields, type QuizInfo } from './quiz-info-fields';
import { useAuthoringCourse } from './use-authoring-course';
import { useQuizThenQuestions } from './use-quiz-then-questions';

/** The simple pages make quizzes (the kind Quiz), as the institution pages do. */
const QUIZ_MODE: TestMode = 'quiz';
/** Spec 3: the institution page offers multiple choice and true/false questions. */
const INSTITUTION_TYPES: readonly QuestionType[] = ['multiple_choice', 'true_false'];

const newInfo = (): QuizInfo => ({
  title: '',
  description: '',
  subject: '',
  difficulty: DEFAULT_DIFFICULTY,
  time_limit: QUIZ_TIME_LIMIT.default,
  passing_score: PASSING_SCORE.default,
  max_attempts: MAX_ATTEMPTS.default,
});

type InfoProblem = 'titleRequired' | 'addOneQuestion' | NonNullable<ReturnType<typeof infoProblem>>;

/**
 * Simple create-quiz page (spec 2) for /instructor/course/{courseId}/quiz/create and the
 * institution's two-step page (spec 3) for /institution/course/{courseId}/quiz/create.
 */
export function QuizCreatePage({ variant }: { variant: 'instructor' | 'institution' }) {
  const { t } = useTranslation();
  const { courseId } = useParams<{ courseId: string }>();
  const course = useAuthoringCourse(courseId);
  usePageTitle(t('authoring.simple.title'));

  if (course.isPending) return <LoadingBlock />;
  if (course.isError)
    return <LoadError error={course.error} title={t('authoring.courseLoadFailed')} onRetry={() => void course.refetch()} />;
  const back = variant === 'institution' ? `/institution/course/${course.data.id}/manage` : `/instructor/course/${course.data.id}`;
  return (
    <div className="mx-auto max-w-3xl" data-testid="quiz-create-page" data-variant={variant}>
      <PageHeader
        title={t('authoring.simple.title')}
        subtitle={t('authoring.forCourse', { title: course.data.title })}
        actions={
          <Button asChild variant="ghost">
            <Link to={back}>{t('authoring.backToCourse')}</Link>
          </Button>
        }
      />
      {variant === 'institution' ? (
        <InstitutionQuizSteps courseId={course.data.id} done={back} />
      ) : (
        <InstructorQuizSteps courseId={course.data.id} done={back} />
      )}
    </div>
  );
}

function StepHeading({ step, total, title }: { step: number; total: number; title: string }) {
  const { t } = useTranslation();
  return (
    <CardHeader>
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">{t('authoring.simple.stepOf', { step, total })}</p>
      <CardTitle as="h2">{title}</CardTitle>
    </CardHeader>
  );
}

/** Step 1 creates the quiz (POST /quizzes); step 2 adds questions one by one (POST /quizzes/{id}/questions). */
function InstructorQuizSteps({ courseId, done }: { courseId: string; done: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [info, setInfo] = useState<QuizInfo>(newInfo);
  const [problem, setProblem] = useState<InfoProblem | null>(null);
  const flow = useQuizThenQuestions({ courseId, testMode: QUIZ_MODE, createdMessage: t('authoring.simple.quizCreated') });

  const submitInfo = () => {
    const found = info.title.trim() ? infoProblem(info, QUIZ_MODE) : 'titleRequired';
    setProblem(found);
    if (found) return;
    flow.createQuiz(info);
  };

  const submitQuestion = () => flow.addDraft(() => setProblem(null));

  const finish = () => {
    if (flow.added.length === 0) {
      setProblem('addOneQuestion');
      return;
    }
    void navigate(done);
  };

  if (!flow.quizId)
    return (
      <Card data-testid="simple-step-1">
        <StepHeading step={1} total={2} title={t('authoring.simple.infoTitle')} />
        <CardContent className="space-y-4">
          <QuizInfoFields
            values={info}
            set={(patch) => {
              setInfo((v) => ({ ...v, ...patch }));
              setProblem(null);
            }}
            testMode={QUIZ_MODE}
            titleLabel={t('authoring.fields.title')}
            disabled={flow.creating}
          />
          {problem && <Alert tone="error">{t(`authoring.validation.${problem}`, boundValues(QUIZ_MODE))}</Alert>}
          <div className="flex justify-end">
            <Button onClick={submitInfo} loading={flow.creating} data-testid="simple-create">
              {t('authoring.simple.createAndContinue')}
            </Button>
          </div>
        </CardContent>
      </Card>
    );

  return (
    <Card data-testid="simple-step-2">
      <StepHeading step={2} total={2} title={t('authoring.simple.questionsTitle', { title: info.title.trim() })} />
      <CardContent className="space-y-6">
        <QuestionList questions={flow.added} />
        <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <QuestionEditor value={flow.draft} onChange={flow.setDraft} problem={flow.draftProblem} disabled={flow.adding} />
          <div className="flex justify-end">
            <Button onClick={submitQuestion} loading={flow.adding} data-testid="add-question">
              {t('authoring.question.add')}
            </Button>
          </div>
        </div>
        {problem && <Alert tone="error">{t(`authoring.validation.${problem}`, boundValues(QUIZ_MODE))}</Alert>}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={finish} disabled={flow.adding} data-testid="simple-finish">
            {t('authoring.simple.finish')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The institution's page (spec 3): info, then questions kept in the page, then the whole quiz
 * goes to POST /mock-tests as a course quiz (is_mock_test false, test mode quiz).
 */
function InstitutionQuizSteps({ courseId, done }: { courseId: string; done: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshAssessments();
  const [step, setStep] = useState<1 | 2>(1);
  const [info, setInfo] = useState<QuizInfo>(newInfo);
  const [problem, setProblem] = useState<InfoProblem | null>(null);
  const [questions, setQuestions] = useState<QuestionDraft[]>([]);
  const [draft, setDraft] = useState<QuestionDraft>(() => newQuestionDraft());
  const [draftProblem, setDraftProblem] = useState<QuestionProblem | null>(null);

  const create = useMutation({
    mutationFn: () =>
      callRoute(assessmentRoutes.createMockTest, {
        body: {
          ...info,
          title: info.title.trim(),
          description: info.description.trim(),
          subject: info.subject.trim(),
          course_id: courseId,
          is_mock_test: false,
          test_mode: QUIZ_MODE,
          questions: questions.map(questionBody),
        },
      }),
  });

  const next = () => {
    const found = info.title.trim() ? infoProblem(info, QUIZ_MODE) : 'titleRequired';
    setProblem(found);
    if (found) return;
    setDraft((d) => ({ ...d, subject: d.subject || info.subject.trim() }));
    setStep(2);
  };

  const addQuestion = () => {
    const found = questionProblem(draft, 'institution');
    setDraftProblem(found);
    if (found) return;
    setQuestions((list) => [...list, draft]);
    setDraft(newQuestionDraft(draft.subject, draft.difficulty));
    setProblem(null);
  };

  const submit = () => {
    if (questions.length === 0) {
      setProblem('addOneQuestion');
      return;
    }
    create.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('authoring.simple.quizCreated'), tone: 'success' });
        void refresh();
        void navigate(done);
      },
      onError: (error) => toast({ title: detailOr(error, t('authoring.builder.createFailed')), tone: 'error' }),
    });
  };

  if (step === 1)
    return (
      <Card data-testid="simple-step-1">
        <StepHeading step={1} total={2} title={t('authoring.simple.infoTitle')} />
        <CardContent className="space-y-4">
          <QuizInfoFields
            values={info}
            set={(patch) => {
              setInfo((v) => ({ ...v, ...patch }));
              setProblem(null);
            }}
            testMode={QUIZ_MODE}
            titleLabel={t('authoring.fields.title')}
          />
          {problem && <Alert tone="error">{t(`authoring.validation.${problem}`, boundValues(QUIZ_MODE))}</Alert>}
          <div className="flex justify-end">
            <Button onClick={next} data-testid="simple-next">
              {t('authoring.builder.next')}
            </Button>
          </div>
        </CardContent>
      </Card>
    );

  return (
    <Card data-testid="simple-step-2">
      <StepHeading step={2} total={2} title={t('authoring.simple.questionsTitle', { title: info.title.trim() })} />
      <CardContent className="space-y-6">
        <QuestionList questions={questions} onRemove={(index) => setQuestions((list) => list.filter((_, i) => i !== index))} />
        <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <QuestionEditor
            value={draft}
            onChange={(d) => {
              setDraft(d);
              setDraftProblem(null);
            }}
            problem={draftProblem}
            types={INSTITUTION_TYPES}
            disabled={create.isPending}
          />
          <div className="flex justify-end">
            <Button variant="outline" onClick={addQuestion} disabled={create.isPending} data-testid="add-question">
              {t('authoring.question.add')}
            </Button>
          </div>
        </div>
        {problem && <Alert tone="error">{t(`authoring.validation.${problem}`, boundValues(QUIZ_MODE))}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => setStep(1)} disabled={create.isPending} data-testid="simple-back">
            {t('authoring.builder.previous')}
          </Button>
          <Button onClick={submit} loading={create.isPending} data-testid="simple-submit">
            {t('authoring.builder.createQuiz')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
