import { catalogRoutes, type Lesson } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../../api/error-text';
import { useInvalidate, useRouteMutation } from '../../../../api/route-hooks';
import { routeKey } from '../../../../api/route-key';
import { useToast } from '../../../../ui';
import { sameOrder } from '../lesson-order';

/**
 * Sending a new lesson order: `saving` is the order sent and not yet answered (shown meanwhile,
 * dropped if refused); the server's answer replaces the cached list. `announcement` is what the
 * live region says about the reorder, from the gestures and from the save.
 */
export function useReorderSave(courseId: string, server: readonly Lesson[]) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const reorder = useRouteMutation(catalogRoutes.reorderLessons);
  const [saving, setSaving] = useState<string[] | null>(null);
  const [announcement, announce] = useState('');

  const commit = (next: string[]) => {
    if (
      sameOrder(
        next,
        server.map((l) => l.id),
      )
    )
      return;
    setSaving(next);
    reorder.mutate(
      { params: { id: courseId }, body: { lesson_ids: next } },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData(routeKey(catalogRoutes.listLessons, { params: { id: courseId } }), answer);
          announce(t('courseStructure.reordered'));
        },
        onError: (error) => {
          announce(t('courseStructure.reorderFailed'));
          toast({ title: detailOr(error, t('courseStructure.reorderFailed')), tone: 'error' });
        },
        onSettled: () => {
          setSaving(null);
          void invalidate(['catalog.']);
        },
      },
    );
  };

  return { saving, commit, announcement, announce };
}
