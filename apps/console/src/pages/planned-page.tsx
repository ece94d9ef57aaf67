import { useLocation } from 'react-router';
import { usePageTitle } from '../design/page-title';
import { EmptyState } from '../design/states';
import { PageHeader } from '../design/surface';
import { NAVIGATION } from '../shell/navigation';

/** What each page will hold, until it is built; its API is already in /docs. */
const PLANNED: Readonly<Record<string, string>> = {
  '/assessments': 'Upload a document for a system and a framework, and read every control with its evidence.',
  '/policies':
    'Create policies with a rule builder, switch them between Block and Warn, and see their violations.',
  '/reports': 'Generate reports for a period, follow their status and download them.',
  '/webhooks': 'Create webhooks, send test events, read the delivery log and resend deliveries.',
  '/audit-log': 'Who did what, and when, in this organization.',
  '/members': 'Invite people, change their roles and remove them.',
  '/api-keys': 'Create and revoke the organization’s API keys.',
  '/settings': 'The organization’s name and single sign-on.',
};

export function PlannedPage() {
  const { pathname } = useLocation();
  const item = NAVIGATION.find((candidate) => candidate.path === pathname);
  const title = item?.label ?? 'Page';
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="This page is on its way">
        {PLANNED[pathname]} Meanwhile the API is documented at <a href="/docs">/docs</a>.
      </EmptyState>
    </>
  );
}

export const Component = PlannedPage;
