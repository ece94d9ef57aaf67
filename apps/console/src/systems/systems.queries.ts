import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { operations } from '../api/schema';

export type SystemFilters = NonNullable<operations['Systems_list']['parameters']['query']>;
export type SystemSummary =
  operations['Systems_list']['responses'][200]['content']['application/json']['data'][number];
export type SystemDetail = operations['Systems_get']['responses'][200]['content']['application/json'];
export type NewSystem = operations['Systems_create']['requestBody']['content']['application/json'];
export type SystemChange = operations['Systems_update']['requestBody']['content']['application/json'];

export const PAGE_SIZE = 25;

/** One page of the inventory; the previous page stays on screen while the next loads. */
export function useSystems(filters: Omit<SystemFilters, 'limit' | 'cursor'>, cursor: string | null) {
  return useQuery({
    queryKey: ['systems', 'list', filters, cursor],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/systems', {
          params: { query: { ...filters, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSystem(id: string) {
  return useQuery({
    queryKey: ['systems', 'detail', id],
    queryFn: () => unwrap(api.GET('/api/service/systems/{id}', { params: { path: { id } } })),
  });
}

export function useRegisterSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSystem) => unwrap(api.POST('/api/service/systems', { body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['systems'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Adopts a shadow system (`declared: true`), retires or reactivates one, or edits its fields. */
export function useUpdateSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SystemChange }) =>
      unwrap(api.PATCH('/api/service/systems/{id}', { params: { path: { id } }, body: change })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['systems'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
