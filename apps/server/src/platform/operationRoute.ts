import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { Database } from './db/database';
import type { ServerConfig } from './config';
import { ApiError, accessDenied, invalidRequest, notSignedIn } from './errors';
import { localeFromAcceptLanguage } from './i18n/messages';
import type { OperationDefinition, OperationRegistry } from './operations';
import type { Mailer } from './mail';
import { cachedCaller, loadSession, memoized, type CallerSession } from './session';
import { normalizeBody } from './bodyNormalization';
import { findUnstorableText, installJsonBodyParser } from './requestInput';
import type { SessionCache } from './sessionCache';
import { enforceThrottle } from './operationThrottles';

export const OPERATION_PREFIX = '/DataModel/service.svc/rest';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** `POST /DataModel/service.svc/rest/I<Service>Service/<Operation>` for every registered operation (DESIGN.md "The API"). */
export function registerOperationRoute(app: FastifyInstance, registry: OperationRegistry, db: Database, config: ServerConfig, mailer: Mailer, sessionCache: SessionCache): void {
  installJsonBodyParser(app);
  // A file as the body, for the operations that take one (fileBody): handed over unread, as a stream.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  const handle = async (request: FastifyRequest<{ Params: { service: string; operation: string } }>, reply: FastifyReply) => {
    const def = registry.find(request.params.service, request.params.operation);
    if (!def) throw new ApiError(404, 'unknown_operation', { operation: `${request.params.service}/${request.params.operation}` });
    assertNotForged(request, config);

    const caller = cachedCaller(config, request, sessionCache) ?? (await loadSession(db, config, request, sessionCache));
    if (def.access !== 'public') {
      if (!caller) throw notSignedIn();
      await assertSessionMayCall(db, sessionCache, request, caller, def);
    }
    const isFileBody = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/octet-stream';
    if (isFileBody && !def.fileBody) throw invalidRequest('This operation takes a JSON body.');
    const upload = isFileBody ? { fields: parseBody(def.fileBody!.query, request.query), body: request.body as AsyncIterable<Buffer> } : undefined;
    const input = upload ? undefined : parseBody(def.request, request.body);
    if (caller && def.access !== 'public' && config.throttlesExpensiveOperations) await enforceThrottle(db, `${def.service}/${def.operation}`, input ?? upload?.fields, caller);
    // An answer cached per session is kept encoded: each send then skips serialising, measuring and
    // encoding the text, and what Fastify itself sends for an object (JSON.stringify) goes out byte for byte (issue 12).
    const answerKey = def.answerCachedPerSession && caller ? `answer:${def.service}/${def.operation}` : undefined;
    const cachedAnswer = answerKey ? (caller!.memo.get(answerKey) as Buffer | undefined) : undefined;
    if (cachedAnswer) return reply.code(200).type('application/json; charset=utf-8').send(cachedAnswer);
    const ctx = { db, config, mailer, request, reply, locale: localeFromAcceptLanguage(request.headers['accept-language']), caller, upload };
    if (answerKey) {
      const json = await memoized(caller!, answerKey, async () => Buffer.from(JSON.stringify(await def.handler(input, ctx as never))));
      return reply.code(200).type('application/json; charset=utf-8').send(json);
    }
    const result = await def.handler(input, ctx as never);
    if (!def.readOnly && !def.keepsSessions) await sessionCache.invalidateAll();
    return reply.code(200).send(result);
  };
  // An operation with a JSON body limit of its own gets a static route (matched before the
  // parametric one) carrying that limit; every other operation keeps BODY_LIMIT_BYTES.
  for (const def of registry.all()) {
    if (!def.jsonBodyLimit) continue;
    const { bytes, tooLargeKey, tooLargeParams } = def.jsonBodyLimit;
    app.post<{ Params: { service: string; operation: string } }>(`${OPERATION_PREFIX}/${def.service}/${def.operation}`, { bodyLimit: bytes, config: { bodyTooLarge: { key: tooLargeKey, params: tooLargeParams } } }, (request, reply) => {
      request.params = { service: def.service, operation: def.operation };
      return handle(request, reply);
    });
  }
  app.post<{ Params: { service: string; operation: string } }>(`${OPERATION_PREFIX}/:service/:operation`, handle);
}

/**
 * What every signed-in call must pass besides its own checks: the IP lists (on every request of a
 * session, not only at sign-in — identity issue), the MFA set-up hold, and the operation's capability rule.
 */
export async function assertSessionMayCall(
  db: Database,
  sessionCache: SessionCache,
  request: FastifyRequest,
  caller: CallerSession,
  def: Pick<OperationDefinition, 'access' | 'allowDuringMfaSetup'>,
): Promise<void> {
  const ipKey = `ip:${request.ip}`;
  const isAddressKnownAllowed = caller.memo.get(ipKey) === true;
  if (!isAddressKnownAllowed && !(await memoized(caller, ipKey, () => sessionCache.guards.isAddressAllowed(db, caller.userAccount.path, request.ip)))) {
    throw new ApiError(403, 'ip_blocked', { address: request.ip });
  }
  if (caller.mustSetupMfa && !def.allowDuringMfaSetup) throw new ApiError(403, 'mfa_setup_required');
  if (def.access !== 'public' && !isAllowed(caller.capabilities, def.access.rule)) throw accessDenied();
}

/** The one validation of every operation's body (DESIGN.md "The API"): 400 names the field. */
export function parseBody(schema: z.ZodType, body: unknown): unknown {
  const unstorable = findUnstorableText(body);
  if (unstorable !== undefined) throw new ApiError(400, 'field_invalid_characters', { field: unstorable });
  const parsed = schema.safeParse(normalizeBody(schema, body ?? {}));
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : undefined;
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  throw invalidRequest(details.join('; '));
}

/**
 * DESIGN.md anti-forgery: a request from a browser (it carries Origin or Sec-Fetch-Site) must be
 * same-origin and echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. A request with neither header is not
 * from a browser — no page can have forged it — so partners' server-to-server scripts need no token.
 */
function assertNotForged(request: FastifyRequest, config: ServerConfig): void {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (!origin && !fetchSite) return;
  if (origin && !isAllowedOrigin(origin, request, config)) throw new ApiError(403, 'anti_forgery');
  if (fetchSite && fetchSite !== 'same-origin' && !(origin && config.corsOrigins.includes(origin))) throw new ApiError(403, 'anti_forgery');
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new ApiError(403, 'anti_forgery');
}

function isAllowedOrigin(origin: string, request: FastifyRequest, config: ServerConfig): boolean {
  if (config.corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
