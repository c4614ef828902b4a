import type { FastifyInstance } from 'fastify';
import { OPERATION_PREFIX } from './operationRoute';

/**
 * The portal's content security policy (OWASP ASVS 5.0 V3.4). Scripts come only from our own
 * origin (the Vite build has no inline script); styles allow inline because MUI/emotion injects
 * <style> elements at run time; images may come from https (terms texts written by an owner link
 * theirs); `frame-ancestors 'self'` lets the portal be framed by its own host shell only.
 * The terms text runs in a sandboxed srcdoc frame, which inherits this policy.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Operation answers are data, never a document to render: nothing may load from one or frame it
 * (OWASP REST Security Cheat Sheet, "Security headers"). Short, too: it goes out with every call.
 */
export const OPERATION_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** One year, as browsers' preload lists expect; only ever sent over https (RFC 6797 §7.2). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and a promise per request costs (issue 12).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (request.url.startsWith(OPERATION_PREFIX)) {
      reply.header('content-security-policy', OPERATION_CONTENT_SECURITY_POLICY);
      // Operation answers carry session data (the user, their accounts): no cache, shared or private, keeps them.
      reply.header('cache-control', 'no-store');
    } else {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
}
