import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { NotificationSettingsBody } from './account-requests';
import { usePatchCurrentUser } from './use-patch-current-user';

/** PUT /users/notification-settings with all three toggles; the local state follows only a success. */
export function useUpdateNotificationSettings() {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => callRoute(identityRoutes.updateNotificationSettings, { body }),
    onSuccess: (answer) => patchUser({ notification_settings: answer.notification_settings }),
  });
}
