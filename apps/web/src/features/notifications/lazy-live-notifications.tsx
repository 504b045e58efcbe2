import type { ComponentProps } from 'react';
import { lazy, Suspense } from 'react';

// the live client (and the community entry it comes from) loads after the shell, not with it
const Live = lazy(async () => ({ default: (await import('./live-notifications')).LiveNotifications }));

/** The bell's live updates; mounted by the bell. */
export function LiveNotifications(props: ComponentProps<typeof Live>) {
  return (
    <Suspense fallback={null}>
      <Live {...props} />
    </Suspense>
  );
}
