import { assessmentRoutes, type QuizSummary } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { routeQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '../../../ui';
import { MyQuizzesTab } from './my-quizzes-tab';
import { QuizAnalyticsTab } from './quiz-analytics-tab';
import { newQuizValues, quizValuesFrom, type QuizValues } from './quiz-values';
import { QuizWizard } from './quiz-wizard';

type Tab = 'mine' | 'build' | 'analytics';

interface Editing {
  id: string | null;
  values: QuizValues;
  /** a new wizard (fresh state) each time one is opened */
  key: number;
}

/** /mock-test-manager: the quiz builder for instructors (spec 2): My Quizzes, Create/Edit Quiz, Analytics. */
export function QuizBuilderPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('mine');
  const [editing, setEditing] = useState<Editing>({ id: null, values: newQuizValues(), key: 0 });
  const [loadingId, setLoadingId] = useState<string | null>(null);
  usePageTitle(t('authoring.builder.title'));

  const startNew = () => {
    setEditing((e) => ({ id: null, values: newQuizValues(), key: e.key + 1 }));
    setTab('build');
  };

  const startEdit = async (quiz: QuizSummary) => {
    setLoadingId(quiz.id);
    try {
      // the list has no questions nor answers: the author view has both
      const full = await queryClient.fetchQuery({ ...routeQuery(assessmentRoutes.manageQuiz, { params: { id: quiz.id } }), staleTime: 0 });
      setEditing((e) => ({ id: full.id, values: quizValuesFrom(full), key: e.key + 1 }));
      setTab('build');
    } catch (error) {
      toast({ title: detailOr(error, t('authoring.builder.loadQuizFailed')), tone: 'error' });
    } finally {
      setLoadingId(null);
    }
  };

  const closeWizard = () => {
    setEditing((e) => ({ id: null, values: newQuizValues(), key: e.key + 1 }));
    setTab('mine');
  };

  return (
    <div data-testid="quiz-builder-page">
      <PageHeader title={t('authoring.builder.title')} subtitle={t('authoring.builder.subtitle')} />
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="h-auto flex-wrap sm:w-auto" aria-label={t('authoring.builder.tabsLabel')}>
          <TabsTrigger value="mine" className="px-4 whitespace-nowrap" data-testid="tab-my-quizzes">
            {t('authoring.builder.tabs.mine')}
          </TabsTrigger>
          <TabsTrigger value="build" className="px-4 whitespace-nowrap" data-testid="tab-build">
            {editing.id ? t('authoring.builder.tabs.edit') : t('authoring.builder.tabs.create')}
          </TabsTrigger>
          <TabsTrigger value="analytics" className="px-4 whitespace-nowrap" data-testid="tab-analytics">
            {t('authoring.builder.tabs.analytics')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="mine">
          <MyQuizzesTab onCreate={startNew} onEdit={(quiz) => void startEdit(quiz)} loadingId={loadingId} />
        </TabsContent>
        {/* kept mounted: a half-built quiz survives a look at My Quizzes or Analytics */}
        <TabsContent value="build" forceMount className="data-[state=inactive]:hidden">
          <QuizWizard key={editing.key} initial={editing.values} editingId={editing.id} onSaved={closeWizard} onCancel={closeWizard} />
        </TabsContent>
        <TabsContent value="analytics">
          <QuizAnalyticsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
