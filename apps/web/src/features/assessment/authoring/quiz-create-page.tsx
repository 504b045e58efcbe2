import {
  assessmentRoutes,
  QuizCreateRequest,
  type QuestionInput,
  type QuestionType,
  type QuizCreateInput,
  type TestMode,
} from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, PageHeader, useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { newQuestionDraft } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { newQuizInfo, QuizInfoFields, type QuizInfo } from './quiz-info-fields';
import { useAuthoringCourse } from './use-authoring-course';
import { useQuizThenQuestions } from './use-quiz-then-questions';

/** The simple pages make quizzes (the kind Quiz), as the institution pages do. */
const QUIZ_MODE: TestMode = 'quiz';
/** Spec 3: the institution page offers multiple choice and true/false questions. */
const INSTITUTION_TYPES: readonly QuestionType[] = ['multiple_choice', 'true_false'];

/** The info step's form: the contract's POST /quizzes request of a course quiz. */
function useQuizInfoForm(courseId: string) {
  return useContractForm<QuizInfo, QuizCreateInput>(QuizCreateRequest, { defaultValues: newQuizInfo(courseId, QUIZ_MODE) });
}

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
  const info = useQuizInfoForm(courseId);
  const [needsQuestion, setNeedsQuestion] = useState(false);
  const flow = useQuizThenQuestions({ createdMessage: t('authoring.simple.quizCreated') });
  const { title = '', subject = '', difficulty = newQuestionDraft().difficulty } = info.watch();

  const finish = () => {
    if (flow.added.length === 0) {
      setNeedsQuestion(true);
      return;
    }
    void navigate(done);
  };

  if (!flow.quizId)
    return (
      <Card data-testid="simple-step-1">
        <StepHeading step={1} total={2} title={t('authoring.simple.infoTitle')} />
        <CardContent>
          <form onSubmit={info.handleSubmit(flow.createQuiz)} noValidate className="space-y-4">
            <QuizInfoFields
              register={info.register}
              errors={info.formState.errors}
              testMode={QUIZ_MODE}
              titleLabel={t('authoring.fields.title')}
              disabled={flow.creating}
            />
            <div className="flex justify-end">
              <Button type="submit" loading={flow.creating} data-testid="simple-create">
                {t('authoring.simple.createAndContinue')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    );

  return (
    <Card data-testid="simple-step-2">
      <StepHeading step={2} total={2} title={t('authoring.simple.questionsTitle', { title: title.trim() })} />
      <CardContent className="space-y-6">
        <QuestionList questions={flow.added} />
        <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <QuestionEditor
            initial={newQuestionDraft(subject.trim(), difficulty)}
            submitLabel={t('authoring.question.add')}
            onSubmit={async (question) => {
              const taken = await flow.addQuestion(question);
              if (taken) setNeedsQuestion(false);
              return taken;
            }}
            pending={flow.adding}
            disabled={flow.adding}
          />
        </div>
        {needsQuestion && <Alert tone="error">{t('authoring.validation.addOneQuestion')}</Alert>}
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
  const info = useQuizInfoForm(courseId);
  const [checked, setChecked] = useState<QuizCreateInput | null>(null);
  const [questions, setQuestions] = useState<QuestionInput[]>([]);
  const [needsQuestion, setNeedsQuestion] = useState(false);
  const create = useRouteMutation(assessmentRoutes.createMockTest, { invalidates: ['assessment.'] });

  const submit = () => {
    if (!checked) return;
    if (questions.length === 0) {
      setNeedsQuestion(true);
      return;
    }
    create.mutate(
      { body: { ...checked, is_mock_test: false, questions } },
      {
        onSuccess: () => {
          toast({ title: t('authoring.simple.quizCreated'), tone: 'success' });
          void navigate(done);
        },
        onError: (error) => toast({ title: detailOr(error, t('authoring.builder.createFailed')), tone: 'error' }),
      },
    );
  };

  if (!checked)
    return (
      <Card data-testid="simple-step-1">
        <StepHeading step={1} total={2} title={t('authoring.simple.infoTitle')} />
        <CardContent>
          <form onSubmit={info.handleSubmit(setChecked)} noValidate className="space-y-4">
            <QuizInfoFields
              register={info.register}
              errors={info.formState.errors}
              testMode={QUIZ_MODE}
              titleLabel={t('authoring.fields.title')}
            />
            <div className="flex justify-end">
              <Button type="submit" data-testid="simple-next">
                {t('authoring.builder.next')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    );

  return (
    <Card data-testid="simple-step-2">
      <StepHeading step={2} total={2} title={t('authoring.simple.questionsTitle', { title: checked.title })} />
      <CardContent className="space-y-6">
        <QuestionList questions={questions} onRemove={(index) => setQuestions((list) => list.filter((_, i) => i !== index))} />
        <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <QuestionEditor
            initial={newQuestionDraft(checked.subject)}
            submitLabel={t('authoring.question.add')}
            onSubmit={(question) => {
              setQuestions((list) => [...list, question]);
              setNeedsQuestion(false);
              return true;
            }}
            types={INSTITUTION_TYPES}
            disabled={create.isPending}
          />
        </div>
        {needsQuestion && <Alert tone="error">{t('authoring.validation.addOneQuestion')}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => setChecked(null)} disabled={create.isPending} data-testid="simple-back">
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
