import { AI_API_HOSTS } from './ai-api-hosts';

const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The host of an observed endpoint, which a probe may send as a bare host, host:port, or a URL; lower-cased
 * and without a trailing dot. Undefined when there is no plausible DNS host in it.
 */
export function endpointHost(observed: string): string | undefined {
  let text = observed.trim().toLowerCase();
  if (text === '' || text.length > 2048) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return undefined;
    }
  } else {
    text = text.split(/[/?#]/, 1)[0]!;
    text = text.slice(text.lastIndexOf('@') + 1);
    text = text.replace(/:\d*$/, '');
  }
  if (text.endsWith('.')) text = text.slice(0, -1);
  return text.length > 0 && text.length <= 253 && HOST_PATTERN.test(text) ? text : undefined;
}

const COMPILED = AI_API_HOSTS.map(({ pattern, vendor }) => {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
    .join('[a-z0-9-]+');
  return { vendor, regex: new RegExp(`^${source}$`), wildcard: pattern.includes('*') };
});

/** The AI API a host belongs to; `wildcard` says the host names one tenant's resource (an Azure endpoint). */
export function matchAiApiHost(host: string): { vendor: string; wildcard: boolean } | undefined {
  const entry = COMPILED.find((candidate) => candidate.regex.test(host));
  return entry ? { vendor: entry.vendor, wildcard: entry.wildcard } : undefined;
}
