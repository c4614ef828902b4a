import type { FastifyInstance } from 'fastify';
import { EVENT_HUB_PATH } from '@cmp/contracts/realtime';
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

/**
 * Paths whose answers are data for a script, never a document: the operations, and the event hub's
 * negotiate (it carries the connection's credential) and its event stream (issue 30 item 12).
 */
const DATA_PREFIXES = [OPERATION_PREFIX, EVENT_HUB_PATH];

/**
 * Set on the raw response when the request arrives, not when Fastify sends: a route that hijacks
 * its reply (the event hub's server-sent-events stream) writes its head itself and skips onSend,
 * so a header set there never left with it (issue 30 item 12). Node merges these into whatever head
 * is written, by Fastify or by the route; a route's own value for a header wins.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs (issue 12).
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('referrer-policy', 'same-origin');
    if (request.protocol === 'https') response.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (DATA_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      response.setHeader('content-security-policy', OPERATION_CONTENT_SECURITY_POLICY);
      // Their answers carry session data (the user, their accounts, a connection token): no cache, shared or private, keeps them.
      response.setHeader('cache-control', 'no-store');
    } else {
      response.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    done();
  });
}
