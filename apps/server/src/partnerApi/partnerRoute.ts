import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLocale, type Locale } from '@cmp/contracts/locales';
import type { Database } from '../platform/db/database';
import type { ServerConfig } from '../platform/config';
import { errorAnswer, type FieldLabelLookup } from '../platform/errorHandler';
import { ApiError, notSignedIn } from '../platform/errors';
import { localeFromAcceptLanguage } from '../platform/i18n/messages';
import type { Mailer } from '../platform/mail';
import type { OperationContext, OperationRegistry } from '../platform/operations';
import { assertSessionMayCall, parseBody } from '../platform/operationRoute';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../platform/requestInput';
import { cachedCaller, loadSessionOfToken, type CallerSession } from '../platform/session';
import type { SessionCache } from '../platform/sessionCache';
import { partnerFaultXml } from './partnerFault';
import type { PartnerContext, PartnerOperationDefinition } from './partnerOperation';

/** The partner API's route prefix, as its published clients call it (no `I…Service` segment). */
export const PARTNER_API_PREFIX = '/SimpleAPI/SimpleAPIService.svc/rest';

export interface PartnerApiDependencies {
  operations: readonly PartnerOperationDefinition[];
  /** The portal's operations, which partner operations call through `ctx.portal`. */
  registry: OperationRegistry;
  db: Database;
  config: ServerConfig;
  mailer: Mailer;
  sessionCache: SessionCache;
  labelOf?: FieldLabelLookup;
}

/**
 * The token of an `Authenticate: CCPSessionId <token>` header; the bare `Authenticate: <token>` is
 * taken too (one published library sends it so).
 */
export function tokenOfHeader(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  const token = /^CCPSessionId\s+(\S+)$/i.exec(value)?.[1] ?? (/\s/.test(value) ? undefined : value);
  return token && token.length <= 128 ? token : undefined;
}

// The language of a call's faults: the token owner's once the token is known (spec §8 texts).
const faultLocales = new WeakMap<FastifyRequest, Locale>();

/**
 * `POST /SimpleAPI/SimpleAPIService.svc/rest/<Operation>` (issue 33): a server-to-server API — no
 * cookie, no anti-forgery header — whose answers are the definition's bare JSON and whose errors
 * are XML faults. Each operation maps onto the portal's domain functions or operations.
 */
export async function registerPartnerApi(app: FastifyInstance, deps: PartnerApiDependencies): Promise<void> {
  const byName = new Map(deps.operations.map((def) => [def.name, def]));
  if (byName.size !== deps.operations.length) throw new Error('a partner operation is defined twice');

  await app.register(
    async (scope) => {
      scope.setErrorHandler(async (error: FastifyError, request, reply) => {
        const locale = faultLocales.get(request) ?? localeFromAcceptLanguage(request.headers['accept-language']);
        const { status, headers, body } = await errorAnswer(error, request, locale, deps.labelOf);
        const isSessionExpired = error instanceof ApiError && error.key === 'not_signed_in';
        const xml = partnerFaultXml({ status, message: body.Message, isSessionExpired, issueToken: String(request.id) });
        return reply.code(status).headers(headers).type('application/xml; charset=utf-8').send(xml);
      });

      // Clients send `application/json`, `application/json;charset=UTF8`, `*/*` or nothing, a trailing
      // newline after the JSON, or no body at all for PingPong and TerminateSessionToken: all read as JSON.
      const parseJson = scope.getDefaultJsonParser('error', 'error');
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
        const text = (body as string).trim();
        if (!text) return done(null, {});
        if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new ApiError(400, 'json_too_deep', { max: String(MAX_JSON_DEPTH) }), undefined);
        parseJson(request, text, done);
      });

      scope.post<{ Params: { operation: string } }>('/:operation', async (request, reply) => {
        const def = byName.get(request.params.operation);
        if (!def) throw new ApiError(404, 'unknown_operation', { operation: request.params.operation });
        const base: OperationContext = { db: deps.db, config: deps.config, mailer: deps.mailer, request, reply, locale: localeFromAcceptLanguage(request.headers['accept-language']), caller: null };
        if (def.isPublic) return sendAnswer(reply, await def.handler(parseBody(def.request, request.body), base));

        const token = tokenOfHeader(request.headers.authenticate);
        const caller = token ? (cachedCaller(deps.config, request, deps.sessionCache, token) ?? (await loadSessionOfToken(deps.db, deps.config, token, deps.sessionCache))) : null;
        if (!token || !caller) throw notSignedIn();
        const locale = (caller.user.locale && normalizeLocale(caller.user.locale)) || base.locale;
        faultLocales.set(request, locale);
        await assertSessionMayCall(deps.db, deps.sessionCache, request, caller, { access: {}, allowDuringMfaSetup: false });
        const input = parseBody(def.request, request.body);
        const ctx: PartnerContext = { ...base, locale, caller, token, portal: (path, body) => callPortal(deps, ctx, caller, path, body) };
        const answer = await def.handler(input, ctx);
        if (!def.readOnly) await deps.sessionCache.invalidateAll();
        return sendAnswer(reply, answer);
      });
    },
    { prefix: PARTNER_API_PREFIX },
  );
}

/** The definition's answers are bare JSON — a string too (GetSessionToken), or nothing at all. */
function sendAnswer(reply: FastifyReply, answer: unknown) {
  if (answer === undefined) return reply.code(200).send();
  return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
}

async function callPortal(deps: PartnerApiDependencies, ctx: PartnerContext, caller: CallerSession, path: string, body: unknown): Promise<unknown> {
  const [service = '', operation = ''] = path.split('/');
  const def = deps.registry.find(service, operation);
  if (!def) throw new Error(`partner API: no portal operation ${path}`);
  await assertSessionMayCall(deps.db, deps.sessionCache, ctx.request, caller, def);
  const result = await def.handler(parseBody(def.request, body), ctx);
  if (!def.readOnly && !def.keepsSessions) await deps.sessionCache.invalidateAll();
  return result;
}
