import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { paths } from '../api/schema';

export type Me = paths['/api/service/auth/me']['get']['responses'][200]['content']['application/json'];
export type Membership = Me['organizations'][number];

export const ME_KEY = ['me'] as const;

/**
 * The signed-in person. Fetched on every navigation and each minute while the page is visible: the call
 * moves the session's idle deadline, so a person reading the console stays signed in.
 */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => unwrap(api.GET('/api/service/auth/me')),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      unwrap(api.POST('/api/service/auth/login', { body })),
    onSuccess: () => queryClient.removeQueries(),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/service/auth/logout')),
    onSettled: () => queryClient.removeQueries(),
  });
}

export function useSsoDiscovery(email: string) {
  const plausible = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email);
  return useQuery({
    queryKey: ['sso-discovery', email],
    queryFn: () => unwrap(api.GET('/api/service/auth/sso/discover', { params: { query: { email } } })),
    enabled: plausible,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Whether nobody has an account yet: the sign-in page then points to the first-start setup link. */
export function useSetupPending() {
  return useQuery({
    queryKey: ['setup-status'],
    queryFn: () => unwrap(api.GET('/api/service/auth/setup')),
    select: (status) => status.setup_pending,
    retry: false,
  });
}

type SetupBody = paths['/api/service/auth/setup']['post']['requestBody']['content']['application/json'];

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => unwrap(api.POST('/api/service/auth/setup', { body })),
    onSuccess: () => queryClient.removeQueries(),
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => unwrap(api.GET('/api/service/invitations/lookup', { params: { query: { token } } })),
    enabled: token.length > 0,
    retry: false,
  });
}

type AcceptBody =
  paths['/api/service/invitations/accept']['post']['requestBody']['content']['application/json'];

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptBody) => unwrap(api.POST('/api/service/invitations/accept', { body })),
    onSuccess: () => queryClient.removeQueries(),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/service/auth/password-reset', { body: { email } })),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; new_password: string }) =>
      unwrap(api.POST('/api/service/auth/password-reset/confirm', { body })),
  });
}
