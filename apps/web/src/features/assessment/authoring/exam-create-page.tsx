import { QuizCreateRequest, type QuizCreateInput, type TestMode } from '@lp/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, PageHeader, useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { examDonePath } from './exam-done-path';
import { newQuestionDraft } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { newQuizInfo, QuizInfoFields, type QuizInfo } from './quiz-info-fields';
import { useAuthoringCourse } from './use-authoring-course';
import { useQuizThenQuestions } from './use-quiz-then-questions';

const EXAM_MODE: TestMode = 'exam';
/** Spec 9: the redirect after finishing waits 1.5 seconds (the success message stays readable). */
const REDIRECT_DELAY_MS = 1500;

/** The page's own order of things: the exam exists before its questions, and has one before it is finished. */
type ExamProblem = 'createQuizFirst' | 'finishNeedsQuestion';

/**
 * Create exam page (spec 2, /instructor|institution/course/{courseId}/exam/create): the exam
 * is created first (POST /quizzes, test mode exam, 120 minutes, pass at 75), then questions are
 * added to it one by one; Finish returns to the course after 1.5 seconds.
 */
export function ExamCreatePage({ variant }: { variant: 'instructor' | 'institution' }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { courseId } = useParams<{ courseId: string }>();
  const course = useAuthoringCourse(courseId);
  usePageTitle(t('authoring.exam.title'));
  const info = useContractForm<QuizInfo, QuizCreateInput>(QuizCreateRequest, { defaultValues: newQuizInfo(courseId ?? '', EXAM_MODE) });
  const [problem, setProblem] = useState<ExamProblem | null>(null);
  const [finished, setFinished] = useState(false);
  const flow = useQuizThenQuestions({ createdMessage: t('authoring.exam.created') });
  const { quizId: examId, added } = flow;

  const donePath = courseId ? examDonePath(pathname, courseId) : '/dashboard';
  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => void navigate(donePath), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [finished, donePath, navigate]);

  if (course.isPending) return <LoadingBlock />;
  if (course.isError)
    return <LoadError error={course.error} title={t('authoring.courseLoadFailed')} onRetry={() => void course.refetch()} />;

  const submitInfo = info.handleSubmit(flow.createQuiz);

  const finish = () => {
    if (!examId || added.length === 0) {
      setProblem('finishNeedsQuestion');
      return;
    }
    toast({ title: t('authoring.exam.finished'), tone: 'success' });
    setFinished(true);
  };

  const back = variant === 'institution' ? `/institution/course/${course.data.id}/manage` : `/instructor/course/${course.data.id}`;
  const busy = flow.creating || flow.adding || finished;
  const { subject = '', difficulty } = info.watch();
  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="exam-create-page" data-variant={variant}>
      <PageHeader
        title={t('authoring.exam.title')}
        subtitle={t('authoring.forCourse', { title: course.data.title })}
        actions={
          <Button asChild variant="ghost">
            <Link to={back}>{t('authoring.backToCourse')}</Link>
          </Button>
        }
      />
      <Card data-testid="exam-info">
        <CardHeader>
          <CardTitle as="h2">{t('authoring.exam.infoTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={(event) => {
              setProblem(null);
              void submitInfo(event);
            }}
            noValidate
            className="space-y-4"
          >
            <QuizInfoFields
              register={info.register}
              errors={info.formState.errors}
              testMode={EXAM_MODE}
              titleLabel={t('authoring.exam.titleLabel')}
              titleRequired={t('authoring.validation.examTitleRequired')}
              disabled={Boolean(examId) || flow.creating}
            />
            {examId ? (
              <Alert tone="success" data-testid="exam-created">
                {t('authoring.exam.createdNote')}
              </Alert>
            ) : (
              <div className="flex justify-end">
                <Button type="submit" loading={flow.creating} data-testid="exam-create">
                  {t('authoring.exam.create')}
                </Button>
              </div>
            )}
          </form>
        </CardContent>
      </Card>
      <Card data-testid="exam-questions">
        <CardHeader>
          <CardTitle as="h2">{t('authoring.builder.questionsTitle', { count: added.length })}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <QuestionList questions={added} />
          <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <QuestionEditor
              // the exam's subject and difficulty, once it exists, are the new question's
              key={examId ?? 'before-the-exam'}
              initial={newQuestionDraft(subject.trim(), difficulty)}
              submitLabel={t('authoring.question.add')}
              blocked={() => {
                if (examId) return false;
                setProblem('createQuizFirst');
                return true;
              }}
              onSubmit={async (question) => {
                const taken = await flow.addQuestion(question);
                if (taken) setProblem(null);
                return taken;
              }}
              pending={flow.adding}
              disabled={busy}
            />
          </div>
        </CardContent>
      </Card>
      {problem && (
        <Alert tone="error" data-testid="exam-problem">
          {t(`authoring.validation.${problem}`)}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button onClick={finish} disabled={busy} data-testid="exam-finish">
          {t('authoring.exam.finish')}
        </Button>
      </div>
    </div>
  );
}
