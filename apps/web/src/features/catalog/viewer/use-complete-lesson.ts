import { catalogRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../api/client';
import { useRefreshCatalog } from '../shared/catalog-queries';

/** POST /lessons/{id}/complete with the minutes spent; an already_completed answer is a completion too. */
export function useCompleteLesson() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ lessonId, minutes }: { lessonId: string; minutes: number }) =>
      callRoute(catalogRoutes.completeLesson, { params: { id: lessonId }, body: { time_spent_minutes: minutes } }),
    onSuccess: () => void refresh(),
  });
}
