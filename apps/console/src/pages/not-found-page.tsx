import { Link } from 'react-router';
import { usePageTitle } from '../design/page-title';
import { EmptyState } from '../design/states';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <EmptyState title="There is no page here" action={<Link to="/">Go to the overview</Link>}>
      The link may be mistyped, or the page has moved.
    </EmptyState>
  );
}
