import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { operations } from '../api/schema';

export type Summary = operations['Dashboard_summary']['responses'][200]['content']['application/json'];
export type ComplianceStatus =
  operations['Dashboard_complianceStatus']['responses'][200]['content']['application/json']['data'][number];
export type ActivityFilters = NonNullable<operations['Dashboard_activity']['parameters']['query']>;
export type ActivityItem =
  operations['Dashboard_activity']['responses'][200]['content']['application/json']['data'][number];
export type ActivityEvent = ActivityItem['event'];
export type Severity = ActivityItem['severity'];

export function useSummary() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: () => unwrap(api.GET('/api/service/dashboard/summary')),
  });
}

export function useComplianceStatus() {
  return useQuery({
    queryKey: ['dashboard', 'compliance-status'],
    queryFn: () => unwrap(api.GET('/api/service/dashboard/compliance-status')),
  });
}

/** The activity feed, newest first, a page at a time. */
export function useActivity(
  filters: Pick<ActivityFilters, 'event' | 'exclude_event' | 'severity' | 'system_id'>,
  limit = 20,
) {
  return useInfiniteQuery({
    queryKey: ['dashboard', 'activity', filters, limit],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/service/dashboard/activity', {
          params: { query: { ...filters, limit, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
