import { ApiProblem } from '../api/problem';
import { EmptyState, ErrorState, Loading } from './states';

/**
 * What a record's page shows until its record is there: loading, "No such <noun>" for an id that is
 * unknown here or malformed (404, 400), or the error with a retry.
 */
export function RecordUnavailable({
  query,
  noun,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  noun: string;
}) {
  if (query.isPending) return <Loading label={`Loading the ${noun}…`} />;
  if (query.error instanceof ApiProblem && (query.error.status === 404 || query.error.status === 400))
    return (
      <EmptyState title={`No such ${noun}`}>
        It may belong to another organization, or the link is wrong.
      </EmptyState>
    );
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}
