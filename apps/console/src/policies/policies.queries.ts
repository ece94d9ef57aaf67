import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { operations } from '../api/schema';

export type PolicyFilters = NonNullable<operations['Policies_list']['parameters']['query']>;
export type Policy = operations['Policies_get']['responses'][200]['content']['application/json'];
export type NewPolicy = operations['Policies_create']['requestBody']['content']['application/json'];
export type PolicyChanges = NonNullable<
  operations['Policies_update']['requestBody']
>['content']['application/json'];
export type PolicyDeletion = NonNullable<operations['Policies_delete']['parameters']['query']>;
export type EnforcementMode = Policy['enforcement_mode'];
export type FrameworkKey = operations['Policies_importFramework']['parameters']['path']['id'];
export type FrameworkImport =
  operations['Policies_importFramework']['responses'][201]['content']['application/json'];
export type Framework =
  operations['Templates_list']['responses'][200]['content']['application/json']['data'][number];

export const PAGE_SIZE = 25;

/** One page of policies; the previous page stays on screen while the next loads. */
export function usePolicies(filters: Omit<PolicyFilters, 'limit' | 'cursor'>, cursor: string | null) {
  return useQuery({
    queryKey: ['policies', 'list', filters, cursor],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/policies', {
          params: { query: { ...filters, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePolicy(id: string) {
  return useQuery({
    queryKey: ['policies', 'detail', id],
    queryFn: () => unwrap(api.GET('/api/service/policies/{id}', { params: { path: { id } } })),
  });
}

/** The frameworks the API knows, with their names: the assessment templates are the same catalog. */
export function useFrameworks(enabled: boolean) {
  return useQuery({
    queryKey: ['policies', 'frameworks'],
    queryFn: () => unwrap(api.GET('/api/service/assess/templates')),
    enabled,
    staleTime: Infinity,
  });
}

export function useCreatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPolicy) => unwrap(api.POST('/api/service/policies', { body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/**
 * Changes a policy from the version the person saw: a change made since answers 409, shown to them,
 * rather than being overwritten. Disabling and enabling are changes of `status`.
 */
export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: PolicyChanges }) =>
      unwrap(api.PATCH('/api/service/policies/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: async (policy) => {
      queryClient.setQueryData(['policies', 'detail', policy.id], policy);
      await queryClient.invalidateQueries({ queryKey: ['policies', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    // A refusal may come from a change made elsewhere: the page shows the policy as it now is.
    onError: (_, { id }) => queryClient.invalidateQueries({ queryKey: ['policies', 'detail', id] }),
  });
}

export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, query }: { id: string; query: PolicyDeletion }) =>
      unwrap(api.DELETE('/api/service/policies/{id}', { params: { path: { id }, query } })),
    onSuccess: async (_, { id }) => {
      // Marked stale without a refetch: the open page leaves, and whoever comes back learns it is gone.
      await queryClient.invalidateQueries({ queryKey: ['policies', 'detail', id], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: ['policies', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Sets the mode by name, so a second click on the current mode changes nothing on the server either. */
export function useSetEnforcement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mode, reason }: { id: string; mode: EnforcementMode; reason?: string }) =>
      unwrap(
        api.PATCH('/api/service/policies/{id}/enforcement', {
          params: { path: { id } },
          body: { enforcement_mode: mode, ...(reason ? { reason } : {}) },
        }),
      ),
    onSuccess: async (policy) => {
      queryClient.setQueryData(['policies', 'detail', policy.id], policy);
      await queryClient.invalidateQueries({ queryKey: ['policies', 'list'] });
    },
  });
}

export function useImportFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ framework, mode }: { framework: FrameworkKey; mode: EnforcementMode }) =>
      unwrap(
        api.POST('/api/service/policies/frameworks/{id}/import', {
          params: { path: { id: framework } },
          body: { enforcement_mode: mode },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/**
 * The activity feed's entries of one policy (its violations) or of one system and event type. Keyed under
 * the dashboard's activity, whose events they are, so whatever refreshes the feed refreshes them.
 */
/** One page of activity with the total matching, for a list a person pages through. */
export function useActivityPage(
  filters: Omit<NonNullable<operations['Dashboard_activity']['parameters']['query']>, 'limit' | 'cursor'>,
  limit: number,
  cursor: string | null,
) {
  return useQuery({
    queryKey: ['dashboard', 'activity', 'page', filters, limit, cursor],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/dashboard/activity', {
          params: { query: { ...filters, limit, with_total: 'true', ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useActivityOf(
  filters: NonNullable<operations['Dashboard_activity']['parameters']['query']>,
  limit: number,
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
