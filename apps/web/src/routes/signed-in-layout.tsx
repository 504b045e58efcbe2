import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '../features/auth';
import { AppShell } from '../features/shell';
import { InlinePageSpinner } from './full-page-spinner';

/** Guarded pages render inside the dashboard shell; until the user is known, the guard alone decides. */
export function SignedInLayout() {
  const { user } = useSession();
  if (!user) return <Outlet />;
  return (
    <AppShell user={user}>
      {/* the shell stays while a page's area chunk arrives */}
      <Suspense fallback={<InlinePageSpinner />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
