import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { operations } from '../api/schema';

export type ReportFilters = NonNullable<operations['Reports_list']['parameters']['query']>;
export type Report =
  operations['Reports_list']['responses'][200]['content']['application/json']['data'][number];
export type NewReport = operations['Reports_create']['requestBody']['content']['application/json'];

export const PAGE_SIZE = 25;

/** One page of the organization's reports, newest first. */
export function useReports(filters: Omit<ReportFilters, 'limit' | 'cursor'>, cursor: string | null) {
  return useQuery({
    queryKey: ['reports', 'list', filters, cursor],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/reports', {
          params: { query: { ...filters, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewReport) => unwrap(api.POST('/api/service/reports', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}

/** The active systems a system report can name (the first hundred, by name in the form). */
export function useSystemChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['systems', 'choices'],
    queryFn: () =>
      unwrap(api.GET('/api/service/systems', { params: { query: { status: 'active', limit: 100 } } })),
    enabled,
  });
}
