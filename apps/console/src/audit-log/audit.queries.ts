import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { problemFrom, unwrap } from '../api/problem';
import type { operations } from '../api/schema';

export type AuditFilters = Omit<
  NonNullable<operations['Audit_list']['parameters']['query']>,
  'limit' | 'cursor'
>;
export type AuditEntry =
  operations['Audit_list']['responses'][200]['content']['application/json']['data'][number];
export type ChainVerdict = operations['Audit_verify']['responses'][200]['content']['application/json'];
export type ExportFormat = 'csv' | 'json';

export const PAGE_SIZE = 50;

/** One page of the audit log, newest first. */
export function useAuditLog(filters: AuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: ['audit', 'list', filters, cursor],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/audit', {
          params: { query: { ...filters, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Recomputes the hash chain on the server; asked for on demand, as it reads the whole log. */
export function useVerifyChain() {
  return useMutation({ mutationFn: () => unwrap(api.GET('/api/service/audit/verify')) });
}

/**
 * The export as a file: fetched with the session's headers (a plain link could not name the organization),
 * then handed to the browser as a download under the server's file name.
 */
export function useExportAudit() {
  return useMutation({
    mutationFn: async ({ format, filters }: { format: ExportFormat; filters: AuditFilters }) => {
      const { data, error, response } = await api.GET('/api/service/audit/export', {
        params: { query: { ...filters, format } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw problemFrom(response, error);
      saveFile(data, fileNameOf(response) ?? `audit-log.${format}`);
    },
  });
}

function fileNameOf(response: Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1];
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
