import { catalogRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../api/client';
import { useRefreshCatalog } from '../shared/catalog-queries';

/**
 * POST /courses/{id}/enroll. A paid course answers 402 without a payment; with the payment
 * billing answered (`paymentId`) it answers 202 until billing's event reached catalog, and
 * the call asks again until the enrollment is there.
 */
export function useEnroll() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ courseId, paymentId }: { courseId: string; paymentId?: string }) =>
      callRoute(catalogRoutes.enroll, { params: { id: courseId }, ...(paymentId ? { body: { payment_id: paymentId } } : {}) }),
    onSuccess: () => void refresh(),
  });
}
