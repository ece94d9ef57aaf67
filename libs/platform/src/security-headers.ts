import { type FastifyInstance } from 'fastify';

/** One year: browsers keep to HTTPS for the host that long after each answer over TLS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Swagger UI's page at /docs: its scripts, styles, images and the document come from this origin only (its
 * page has inline styles, never inline scripts), and no other site may frame it.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const isDocsPath = (url: string) => url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?');

/**
 * Headers on every answer: no content-type sniffing (an answer is what it says it is), HSTS when the
 * platform is served over TLS (`PUBLIC_URL` https), and the docs page's content policy.
 */
export function addSecurityHeaders(fastify: FastifyInstance, options: { strictTransportSecurity: boolean }) {
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    if (options.strictTransportSecurity)
      void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (isDocsPath(request.url))
      void reply.header('content-security-policy', DOCS_CSP).header('x-frame-options', 'DENY');
  });
}
