import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useToast } from '../../../ui';
import type { Unit } from './player-units';

/** The unit shown, kept in the address (`?item=`) so a reload or a shared link opens it. */
export function useUnitParam(): [string | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('item', id);
        return next;
      },
      { replace: true },
    );
  return [params.get('item'), select];
}

/** Marking a lesson or an item complete, said in a toast (and the course's completion too). */
export function useMarkComplete(courseId: string) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const markComplete = useRouteMutation(catalogRoutes.markComplete, { invalidates: ['catalog.'] });
  const complete = (unit: Unit) =>
    markComplete.mutate(
      { params: { courseId, itemId: unit.id } },
      {
        onSuccess: (answer) => {
          toast({ title: unit.kind === 'lesson' ? t('lessonViewer.markedComplete') : t('player.itemMarked'), tone: 'success' });
          // the completion banner below says Congratulations; the toast only announces the change
          if (answer.course_completed) toast({ title: t('player.courseCompleted'), tone: 'success' });
        },
        onError: (error) => toast({ title: detailOr(error, t('player.markFailed')), tone: 'error' }),
      },
    );
  return { complete, marking: markComplete.isPending };
}
