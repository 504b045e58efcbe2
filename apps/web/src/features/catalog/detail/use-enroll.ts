import { catalogRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../api/client';
import { useRefreshCatalog } from '../shared/catalog-queries';

/** POST /courses/{id}/enroll; a paid course answers 402 until billing has a completed payment. */
export function useEnroll() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (courseId: string) => callRoute(catalogRoutes.enroll, { params: { id: courseId } }),
    onSuccess: () => void refresh(),
  });
}
