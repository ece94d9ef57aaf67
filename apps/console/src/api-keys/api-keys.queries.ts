import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { operations } from '../api/schema';

export type ApiKey =
  operations['ApiKeys_list']['responses'][200]['content']['application/json']['data'][number];
export type NewApiKey = operations['ApiKeys_create']['requestBody']['content']['application/json'];
export type CreatedApiKey = operations['ApiKeys_create']['responses'][201]['content']['application/json'];
export type Scope = ApiKey['scope'];

/** Every key (and the revoked ones when asked): an organization has few, and the table sorts them all. */
export function useApiKeys(includeRevoked: boolean) {
  return useQuery({
    queryKey: ['api-keys', 'list', { includeRevoked }],
    queryFn: async () => {
      const keys: ApiKey[] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(
          api.GET('/api/service/api-keys', {
            params: {
              query: {
                limit: 100,
                ...(includeRevoked ? { include: 'revoked' } : {}),
                ...(cursor ? { cursor } : {}),
              },
            },
          }),
        );
        keys.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return keys;
    },
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKey) => unwrap(api.POST('/api/service/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/service/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
