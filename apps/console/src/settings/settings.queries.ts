import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { ApiProblem, unwrap } from '../api/problem';
import type { operations } from '../api/schema';
import { ME_KEY } from '../auth/session';

export type Organization =
  operations['OrganizationSettings_get']['responses'][200]['content']['application/json'];
export type SsoSettings = operations['SsoSettings_get']['responses'][200]['content']['application/json'];
export type SsoChange = operations['SsoSettings_put']['requestBody']['content']['application/json'];
export type AccountSession =
  operations['SignIn_sessions']['responses'][200]['content']['application/json']['data'][number];

export function useOrganization() {
  return useQuery({
    queryKey: ['organization', 'settings'],
    queryFn: () => unwrap(api.GET('/api/service/organization')),
  });
}

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.PATCH('/api/service/organization', { body: { name } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['organization'] });
      // The shell names the organization from the person's memberships.
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

/** The SSO configuration, or null when the organization has none (the API's 404). */
export function useSso() {
  return useQuery({
    queryKey: ['organization', 'sso'],
    queryFn: async () => {
      try {
        return await unwrap(api.GET('/api/service/sso'));
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoChange) => unwrap(api.PUT('/api/service/sso', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organization'] }),
  });
}

/** Asks identity to look up a domain's TXT record and mark the domain verified. */
export function useVerifySsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      unwrap(api.POST('/api/service/sso/domains/{domain}/verify', { params: { path: { domain } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organization'] }),
  });
}

export function useRemoveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/service/sso')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organization'] }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      unwrap(api.POST('/api/service/auth/password', { body })),
    // The other sessions have ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: ['account', 'sessions'],
    queryFn: () => unwrap(api.GET('/api/service/auth/sessions')),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/service/auth/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
