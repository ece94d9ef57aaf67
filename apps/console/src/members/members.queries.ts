import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { Role } from '../auth/access';
import { ME_KEY } from '../auth/session';
import type { operations } from '../api/schema';

export type Member =
  operations['Members_list']['responses'][200]['content']['application/json']['data'][number];
export type Invitation =
  operations['Invitations_list']['responses'][200]['content']['application/json']['data'][number];
export type NewInvitation = operations['Invitations_create']['requestBody']['content']['application/json'];
export type CreatedInvitation =
  operations['Invitations_create']['responses'][201]['content']['application/json'];

/** Reads every page: the tables sort the whole list, and an organization's people are not many. */
async function allPages<Row>(
  read: (cursor: string | undefined) => Promise<{ data: Row[]; next_cursor: string | null }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    rows.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return rows;
}

export function useMembers(enabled = true) {
  return useQuery({
    queryKey: ['members', 'list'],
    queryFn: () =>
      allPages((cursor) =>
        unwrap(
          api.GET('/api/service/members', {
            params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
          }),
        ),
      ),
    enabled,
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: ['members', 'invitations'],
    queryFn: () =>
      allPages((cursor) =>
        unwrap(
          api.GET('/api/service/invitations', {
            params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
          }),
        ),
      ),
    enabled,
  });
}

function useMembersMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['members'] }),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, reason }: { id: string; role: Role; reason?: string }) =>
      unwrap(
        api.PATCH('/api/service/members/{id}', {
          params: { path: { id } },
          body: { role, ...(reason ? { reason } : {}) },
        }),
      ),
    // One's own role is also the session's.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export function useRemoveMember() {
  return useMembersMutation((id: string) =>
    unwrap(api.DELETE('/api/service/members/{id}', { params: { path: { id } } })),
  );
}

export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/service/members/me')),
    onSuccess: async () => {
      // Nothing of this organization is the person's any more; the shell opens their next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export function useInvite() {
  return useMembersMutation((body: NewInvitation) => unwrap(api.POST('/api/service/invitations', { body })));
}

export function useRevokeInvitation() {
  return useMembersMutation((id: string) =>
    unwrap(api.DELETE('/api/service/invitations/{id}', { params: { path: { id } } })),
  );
}
