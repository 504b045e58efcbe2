import { identityRoutes } from '@lp/contracts';
import { routeKey } from '../../api/route-key';

/** The cache entry of GET /auth/me; sign-in writes it, account screens update it. */
export const currentUserKey = routeKey(identityRoutes.me);
