import { assessmentRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Button } from '../../../ui';
import { AssessmentFacts, AssessmentPreview } from '../../assessment';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import type { AssessmentView } from './assessments-tab';
import { AssessmentEditView } from './assessment-edit-view';

/** The Edit or Preview tab of the assessment opened from the Assessments tab (its author view). */
export function AssessmentPanel({ id, title, view, onClose }: { id: string; title: string; view: AssessmentView; onClose: () => void }) {
  const { t } = useTranslation();
  const quiz = useRouteQuery(assessmentRoutes.manageQuiz, { params: { id } }, { retry: false });
  if (quiz.isPending) return <LoadingBlock />;
  if (quiz.isError)
    return <LoadError error={quiz.error} title={t('authoring.manage.openFailed', { title })} onRetry={() => void quiz.refetch()} />;
  if (view === 'edit') return <AssessmentEditView key={quiz.data.id} quiz={quiz.data} onClose={onClose} />;
  return (
    <div className="space-y-4" data-testid="assessment-preview-view">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h2 className="text-xl font-semibold break-words text-slate-900">{quiz.data.title}</h2>
          <AssessmentFacts quiz={quiz.data} />
        </div>
        <Button variant="outline" onClick={onClose}>
          {t('authoring.edit.close')}
        </Button>
      </div>
      <AssessmentPreview questions={quiz.data.questions} />
    </div>
  );
}
