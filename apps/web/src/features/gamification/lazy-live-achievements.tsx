import { lazy, Suspense } from 'react';

// the live client (and the community entry it comes from) loads after the shell, not with it
const Live = lazy(async () => ({ default: (await import('./live-achievements')).LiveAchievements }));

/** The caller's live level and badge toasts; mount once inside the signed-in shell. */
export function LiveAchievements() {
  return (
    <Suspense fallback={null}>
      <Live />
    </Suspense>
  );
}
