import { Outlet } from 'react-router-dom';
import { useSession } from '../features/auth/session-context';
import { AppShell } from '../features/shell/app-shell';

/** Guarded pages render inside the dashboard shell; until the user is known, the guard alone decides. */
export function SignedInLayout() {
  const { user } = useSession();
  if (!user) return <Outlet />;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
