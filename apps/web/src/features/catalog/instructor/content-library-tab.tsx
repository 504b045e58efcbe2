import { catalogRoutes } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '../../../ui';
import { truncate } from '../../../lib/format';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { BulkUploadDialog, type BulkLessonDraft } from './bulk-upload-dialog';

/**
 * Spec 2.12 Content Library: lesson and quiz templates, and the bulk lesson upload.
 * Clone starts a bulk upload with the template's lesson; Edit opens the lesson manager of its course.
 */
export function ContentLibraryTab() {
  const { t } = useTranslation();
  const library = useRouteQuery(catalogRoutes.contentLibrary, {});
  const [uploading, setUploading] = useState(false);
  const [initial, setInitial] = useState<BulkLessonDraft[] | undefined>();

  const startUpload = (lessons?: BulkLessonDraft[]) => {
    setInitial(lessons);
    setUploading(true);
  };

  return (
    <section aria-labelledby="library-heading" className="space-y-6" data-testid="content-library-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="library-heading" className="text-lg font-semibold text-slate-900">
          {t('instructorDashboard.tabs.library')}
        </h2>
        <Button onClick={() => startUpload()} data-testid="bulk-upload-button">
          {t('instructorDashboard.library.bulkButton')}
        </Button>
      </div>
      {library.isPending ? (
        <LoadingBlock />
      ) : library.isError ? (
        <LoadError error={library.error} title={t('instructorDashboard.library.loadFailed')} onRetry={() => void library.refetch()} />
      ) : (
        <>
          <section aria-labelledby="lesson-templates">
            <h3 id="lesson-templates" className="mb-3 text-base font-semibold text-slate-900">
              {t('instructorDashboard.library.lessonTemplates', { count: library.data.lesson_templates.length })}
            </h3>
            {library.data.lesson_templates.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
                {t('instructorDashboard.library.noLessonTemplates')}
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="lesson-templates">
                {library.data.lesson_templates.map((tpl) => (
                  <li key={tpl.id}>
                    <Card className="flex h-full flex-col p-4">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge tone="neutral">{t(`catalog.lessonTypes.${tpl.content_type}`)}</Badge>
                        <span className="text-xs break-words text-slate-600">{tpl.course_title}</span>
                      </div>
                      <h4 className="mt-2 font-medium break-words text-slate-900">{tpl.title}</h4>
                      <p className="mt-1 flex-1 text-sm break-words text-slate-600">{truncate(tpl.content)}</p>
                      <p className="mt-2 text-xs text-slate-600">
                        {t('instructorDashboard.library.materials', { count: tpl.materials.length })}
                        {tpl.video_chapters.length > 0 &&
                          ` · ${t('instructorDashboard.library.chapters', { count: tpl.video_chapters.length })}`}
                      </p>
                      <div className="mt-3 flex gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => startUpload([{ title: tpl.title, content_type: tpl.content_type, content: tpl.content }])}
                        >
                          {t('instructorDashboard.library.clone')}
                          <span className="sr-only"> {tpl.title}</span>
                        </Button>
                        <Button asChild size="sm" variant="ghost">
                          <Link to={`/instructor/course/${tpl.course_id}/lessons`}>
                            {t('instructorDashboard.library.edit')}
                            <span className="sr-only"> {tpl.title}</span>
                          </Link>
                        </Button>
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="quiz-templates">
            <Card>
              <CardHeader>
                <CardTitle id="quiz-templates" as="h3">
                  {t('instructorDashboard.library.quizTemplates', { count: library.data.quiz_templates.length })}
                </CardTitle>
              </CardHeader>
              <CardContent>
                {library.data.quiz_templates.length === 0 ? (
                  <p className="text-sm text-slate-600">{t('instructorDashboard.library.noQuizTemplates')}</p>
                ) : (
                  <ul className="divide-y divide-slate-200">
                    {library.data.quiz_templates.map((q) => (
                      <li key={q.id} className="flex justify-between gap-3 py-2 text-sm">
                        <span className="font-medium text-slate-900">{q.title}</span>
                        <span className="text-slate-600">{t('instructorDashboard.library.questions', { count: q.question_count })}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </section>
        </>
      )}
      <BulkUploadDialog open={uploading} onOpenChange={setUploading} initial={initial} />
    </section>
  );
}
