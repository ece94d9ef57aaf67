import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { whenSignedOut } from './api/client';
import { ApiProblem } from './api/problem';
import './design/global.css';
import { router } from './router';

const PUBLIC_PATHS = ['/sign-in', '/setup', '/invitations/accept', '/reset-password'];

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A 4xx will not change by asking again; a lost connection or a 5xx might.
      retry: (failures, error) =>
        !(error instanceof ApiProblem && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

// A 401 anywhere means the session ended (signed out elsewhere, idle, revoked): back to the sign-in page.
whenSignedOut(() => {
  const { pathname, search } = window.location;
  if (PUBLIC_PATHS.includes(pathname)) return;
  queryClient.removeQueries();
  void router.navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
