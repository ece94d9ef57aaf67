import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { operations } from '../api/schema';

type Json<Operation extends keyof operations> = operations[Operation] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

export type AssessmentFilters = NonNullable<operations['Assessments_list']['parameters']['query']>;
export type Assessment = Json<'Assessments_get'>;
export type Finding = Json<'Assessments_findings'>['data'][number];
export type Evidence = Finding['evidence'][number];
export type Template = Json<'Templates_list'>['data'][number];
export type Queued = operations['Assessments_submit']['responses'][202]['content']['application/json'];
export type AssessmentStatus = Assessment['status'];
export type Verdict = NonNullable<Assessment['verdict']>;

export const PAGE_SIZE = 25;
/** One page of assessments, newest first; the previous page stays on screen while the next loads. */
export function useAssessments(
  filters: Omit<AssessmentFilters, 'limit' | 'cursor'>,
  cursor: string | null,
  limit = PAGE_SIZE,
) {
  return useQuery({
    queryKey: ['assessments', 'list', filters, cursor, limit],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/assess', {
          params: { query: { ...filters, limit, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAssessment(id: string) {
  return useQuery({
    queryKey: ['assessments', 'detail', id],
    queryFn: () => unwrap(api.GET('/api/service/assess/{id}', { params: { path: { id } } })),
  });
}

/** Written all at once when the assessment completes: asked for only then. */
export function useFindings(id: string, complete: boolean) {
  return useQuery({
    queryKey: ['assessments', 'findings', id],
    queryFn: () => unwrap(api.GET('/api/service/assess/{id}/findings', { params: { path: { id } } })),
    enabled: complete,
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: ['assessments', 'templates'],
    queryFn: () => unwrap(api.GET('/api/service/assess/templates')),
    staleTime: Infinity,
  });
}

/**
 * The systems to pick from and to name rows by: the first hundred, which is every system of nearly every
 * organization. Keyed under `systems` so a change to the inventory refreshes it.
 */
export function useSystemNames() {
  return useQuery({
    queryKey: ['systems', 'list', { purpose: 'assessments' }],
    queryFn: () => unwrap(api.GET('/api/service/systems', { params: { query: { limit: 100 } } })),
  });
}
