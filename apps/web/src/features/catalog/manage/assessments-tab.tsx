import { assessmentRoutes, type AssessmentKind, type RouteOutput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { Button, Card, CardContent, cn, ConfirmDialog, EmptyState, focusRing, useToast } from '../../../ui';
import { KindBadge, useTimeLimitText, QuizFiguresGrid } from '../../assessment';
import { ResultsDialog } from './results-dialog';

export type CourseAssessment = RouteOutput<typeof assessmentRoutes.courseQuizzes>[number];
export type AssessmentView = 'edit' | 'preview';

const FILTERS = ['all', 'quiz', 'exam', 'mock_test'] as const;
type Filter = (typeof FILTERS)[number];

interface AssessmentsTabProps {
  courseId: string;
  variant: 'instructor' | 'institution';
  assessments: CourseAssessment[];
  /** the course's owner may change its assessments */
  canManage: boolean;
  createBase: string;
  onOpen: (assessment: CourseAssessment, view: AssessmentView) => void;
  onDeleted: (id: string) => void;
}

/**
 * The Assessments tab (spec 2 and 3): filters with counts, one card per assessment with its
 * type, questions, time limit, description and real figures, and the actions that open it.
 */
export function AssessmentsTab({ variant, assessments, canManage, createBase, onOpen, onDeleted }: AssessmentsTabProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const count = (f: Filter) => (f === 'all' ? assessments.length : assessments.filter((a) => a.kind === f).length);
  const shown = filter === 'all' ? assessments : assessments.filter((a) => a.kind === filter);

  if (assessments.length === 0)
    return (
      <div data-testid="assessments-empty">
        <EmptyState
          headingLevel="h2"
          title={t('authoring.manage.emptyTitle')}
          description={t('authoring.manage.emptyText')}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to={`${createBase}/quiz/create`}>{t('authoring.manage.createQuiz')}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`${createBase}/exam/create`}>{t('authoring.manage.createExam')}</Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to="/mock-test-manager">{t('authoring.manage.mockTestManager')}</Link>
              </Button>
            </div>
          }
        />
      </div>
    );

  return (
    <div className="space-y-4" data-testid="assessments-tab">
      <div role="group" aria-label={t('authoring.manage.filterLabel')} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            onClick={() => setFilter(f)}
            aria-pressed={filter === f}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1 text-sm font-medium',
              filter === f ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              focusRing,
            )}
            data-testid={`assessment-filter-${f}`}
          >
            {t(`authoring.manage.filters.${f === 'exam' && variant === 'institution' ? 'tests' : f}`, { count: count(f) })}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="assessments-none-of-kind">
          {t('authoring.manage.noneOfKind')}
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('authoring.manage.listLabel')}>
          {shown.map((a) => (
            <li key={a.id}>
              <AssessmentCard assessment={a} variant={variant} canManage={canManage} onOpen={onOpen} onDeleted={onDeleted} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface AssessmentCardProps {
  assessment: CourseAssessment;
  variant: 'instructor' | 'institution';
  canManage: boolean;
  onOpen: (assessment: CourseAssessment, view: AssessmentView) => void;
  onDeleted: (id: string) => void;
}

function AssessmentCard({ assessment: a, variant, canManage, onOpen, onDeleted }: AssessmentCardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const timeText = useTimeLimitText();
  const [confirming, setConfirming] = useState(false);
  const [showResults, setShowResults] = useState(false);
  // the figures ride on the list; every attempt is fetched only once the Results dialog opens
  const results = useRouteQuery(assessmentRoutes.mockTestResults, { params: { id: a.id } }, { enabled: canManage && showResults });
  const remove = useRouteMutation(assessmentRoutes.deleteQuiz, { invalidates: ['assessment.'] });

  const del = () =>
    remove.mutate(
      { params: { id: a.id } },
      {
        onSuccess: () => {
          toast({ title: t('authoring.delete.success'), tone: 'success' });
          setConfirming(false);
          onDeleted(a.id);
        },
        onError: (error) =>
          toast({
            title: detailOr(error, variant === 'institution' ? t('authoring.delete.failedInstitution') : t('authoring.delete.failed')),
            tone: 'error',
          }),
      },
    );

  return (
    <Card className="h-full" data-testid="assessment-card" data-assessment-id={a.id} data-kind={a.kind satisfies AssessmentKind}>
      <CardContent className="flex h-full flex-col gap-3 pt-6">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words text-slate-900">{a.title}</h3>
          <KindBadge kind={a.kind} />
        </div>
        <p className="text-sm text-slate-700">
          <span data-testid="assessment-questions">{t('authoring.questionCount', { count: a.question_count })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="assessment-time">{timeText(a.time_limit)}</span>
          {!a.is_published && (
            <>
              <span aria-hidden="true"> · </span>
              <span>{t('authoring.draft')}</span>
            </>
          )}
        </p>
        <p className="flex-1 text-sm break-words text-slate-600" data-testid="assessment-description">
          {a.description || t('authoring.noDescription')}
        </p>
        {canManage && <QuizFiguresGrid figures={a.figures} />}
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => onOpen(a, 'preview')} data-testid="assessment-open-preview">
              {t('authoring.actions.preview')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onOpen(a, 'edit')} data-testid="assessment-open-edit">
              {t('authoring.actions.edit')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setShowResults(true)} data-testid="assessment-results">
              {t('authoring.actions.results')}
            </Button>
            <Button size="sm" variant="destructive" onClick={() => setConfirming(true)} data-testid="assessment-delete">
              {t('authoring.actions.delete')}
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('authoring.delete.title', { title: a.title })}
        description={t('authoring.delete.confirm')}
        confirmLabel={t('authoring.actions.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={del}
        testId="delete-assessment-dialog"
      />
      <ResultsDialog open={showResults} onOpenChange={setShowResults} title={a.title} figures={a.figures} results={results} />
    </Card>
  );
}
