import { lazy, Suspense } from 'react';
import type { AuthModalProps } from './auth-modal';

const Modal = lazy(async () => ({ default: (await import('./auth-modal')).AuthModal }));

/**
 * The sign-in modal as other features get it (features/auth/index.ts): its forms and
 * react-hook-form load when a page first shows it, not with the shell that reads the session
 * from the same entry (exported directly, they would join the first page load's bundle).
 */
export function AuthModal(props: AuthModalProps) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
