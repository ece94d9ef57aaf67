import { createBrowserRouter, Outlet, useRouteError } from 'react-router';
import { ErrorState, Loading } from './design/states';
import { NotFoundPage } from './pages/not-found-page';
import { Shell } from './shell/shell';

function RouteError() {
  return (
    <ErrorState
      error={useRouteError()}
      title="This page failed to load"
      onRetry={() => window.location.reload()}
    />
  );
}

/*
 * Every page is its own chunk, loaded on first visit: the first route's JavaScript stays small
 * (tooling/bundle-budget.ts checks it at build time).
 */
export const router = createBrowserRouter([
  {
    element: <Outlet />,
    hydrateFallbackElement: <Loading label="Opening the console…" />,
    errorElement: <RouteError />,
    children: [
      { path: '/sign-in', lazy: () => import('./auth/sign-in-page') },
      { path: '/setup', lazy: () => import('./auth/setup-page') },
      { path: '/invitations/accept', lazy: () => import('./auth/accept-invitation-page') },
      { path: '/reset-password', lazy: () => import('./auth/reset-password-page') },
      {
        path: '/',
        element: <Shell />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./overview/overview-page') },
          { path: 'systems', lazy: () => import('./systems/systems-page') },
          { path: 'systems/:id', lazy: () => import('./systems/system-page') },
          { path: 'assessments', lazy: () => import('./assessments/assessments-page') },
          { path: 'assessments/:id', lazy: () => import('./assessments/assessment-page') },
          { path: 'policies', lazy: () => import('./policies/policies-page') },
          { path: 'policies/:id', lazy: () => import('./policies/policy-page') },
          { path: 'reports', lazy: () => import('./reports/reports-page') },
          { path: 'webhooks', lazy: () => import('./webhooks/webhooks-page') },
          { path: 'webhooks/event-types', lazy: () => import('./webhooks/event-types-page') },
          { path: 'webhooks/:id', lazy: () => import('./webhooks/webhook-page') },
          { path: 'audit-log', lazy: () => import('./audit-log/audit-log-page') },
          { path: 'members', lazy: () => import('./members/members-page') },
          { path: 'api-keys', lazy: () => import('./api-keys/api-keys-page') },
          { path: 'settings', lazy: () => import('./settings/settings-page') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
