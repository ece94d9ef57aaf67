import { CSRF_HEADER, ORGANIZATION_HEADER, readCsrfToken } from '../api/client';
import { currentOrganization } from '../api/organization';
import { ApiProblem, problemFrom } from '../api/problem';
import { uploadPercent } from './assessment-rules';
import type { Queued } from './assessments.queries';

export interface DocumentUpload {
  systemId: string;
  framework: string;
  file: File;
}

export const UPLOAD_PATH = '/api/service/assess/document';

/**
 * POSTs the document as multipart/form-data with the API client's session headers. XMLHttpRequest rather
 * than fetch: only it reports how much of the body has been sent.
 */
export function uploadDocument(
  { systemId, framework, file }: DocumentUpload,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Queued> {
  // Fields before the file, so the service knows the system before it reads the document.
  const form = new FormData();
  form.append('system_id', systemId);
  form.append('framework', framework);
  form.append('file', file, file.name);
  return new Promise<Queued>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', new URL(UPLOAD_PATH, window.location.origin));
    request.withCredentials = true;
    request.responseType = 'text';
    const csrf = readCsrfToken();
    if (csrf) request.setRequestHeader(CSRF_HEADER, csrf);
    const organization = currentOrganization();
    if (organization) request.setRequestHeader(ORGANIZATION_HEADER, organization);
    const networkError = () =>
      reject(
        new ApiProblem(
          0,
          'network_error',
          'The server could not be reached. Check your connection and try again.',
        ),
      );
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total));
    });
    request.addEventListener('load', () => {
      if (request.status < 200) {
        networkError();
        return;
      }
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as Queued);
        return;
      }
      const headers = new Headers();
      const retryAfter = request.getResponseHeader('retry-after');
      if (retryAfter) headers.set('retry-after', retryAfter);
      reject(problemFrom(new Response(null, { status: request.status, headers }), body));
    });
    request.addEventListener('error', networkError);
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
