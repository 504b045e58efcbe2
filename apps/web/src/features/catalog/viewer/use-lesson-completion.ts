import { catalogRoutes } from '@lp/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useToast } from '../../../ui';

/** Minutes since the lesson was opened, for time_spent_minutes (capped by the contract at a day). */
function minutesSince(start: number): number {
  return Math.min(1440, Math.max(0, Math.round((Date.now() - start) / 60_000)));
}

/**
 * Mark Complete: POST /lessons/{id}/complete with the minutes since the lesson opened. A lesson
 * completed here counts as done at once (`justCompleted`), before the progress is read again.
 */
export function useLessonCompletion(lessonId: string | undefined) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const complete = useRouteMutation(catalogRoutes.completeLesson, { invalidates: ['catalog.'] });
  const [justCompleted, setJustCompleted] = useState<ReadonlySet<string>>(new Set());
  const openedAt = useRef(Date.now());

  useEffect(() => {
    openedAt.current = Date.now();
  }, [lessonId]);

  const markComplete = (id: string) =>
    complete.mutate(
      { params: { id }, body: { time_spent_minutes: minutesSince(openedAt.current) } },
      {
        // an already_completed answer counts as completed (spec 4)
        onSuccess: () => {
          setJustCompleted((current) => new Set([...current, id]));
          toast({ title: t('lessonViewer.markedComplete'), tone: 'success' });
        },
        onError: (error) => toast({ title: detailOr(error, t('lessonViewer.markFailed')), tone: 'error' }),
      },
    );

  return { justCompleted, markComplete, pending: complete.isPending };
}
