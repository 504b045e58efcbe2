import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { SessionProvider } from './features/auth';
import { SubdomainPortal } from './features/portal';
import { createAppRouter } from './routes/router';
import { ToastProvider } from './ui';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <SubdomainPortal>
            <RouterProvider router={router} />
          </SubdomainPortal>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
