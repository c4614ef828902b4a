import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorKey } from '@cmp/contracts/errors';
import { ApiError } from './errors';
import type { Locale } from '@cmp/contracts/locales';
import { localeFromAcceptLanguage, translateMessage } from './i18n/messages';

// Fastify's own request errors, mapped to catalogue texts so a client never sees a framework message.
const FRAMEWORK_ERRORS: Record<string, { status: number; key: ErrorKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'invalid_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'invalid_json' },
};

/** The label of a view field's "<View>.<Field>" key in a language; undefined for anything else. */
export type FieldLabelLookup = (key: string, locale: Locale) => Promise<string | undefined>;

/**
 * An ApiError's answer. A view field's error names the field by its label, and its key goes in
 * `Field` beside the message, so a screen can show the message at the field (issue 30: no raw keys
 * in any message).
 */
async function apiErrorBody(error: ApiError, locale: Locale, labelOf: FieldLabelLookup | undefined): Promise<{ Message: string; Field?: string }> {
  const key = error.key.startsWith('field_') ? error.params.field : undefined;
  const label = key && labelOf ? await labelOf(key, locale).catch(() => undefined) : undefined;
  if (!key || label === undefined) return { Message: translateMessage(locale, error.key, error.params) };
  return { Message: translateMessage(locale, error.key, { ...error.params, field: label }), Field: key };
}

/** What an error answers, in words the caller reads: the status, headers and message (and the field). */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: { Message: string; Field?: string };
}

/** Every error as the caller sees it: never a stack trace or SQL (DESIGN.md "The API"); the unexpected ones are logged. */
export async function errorAnswer(error: FastifyError, request: FastifyRequest, locale: Locale, labelOf?: FieldLabelLookup): Promise<ErrorAnswer> {
  const answer = (status: number, key: ErrorKey, params?: Record<string, string>): ErrorAnswer => ({ status, headers: {}, body: { Message: translateMessage(locale, key, params) } });
  if (error instanceof ApiError) return { status: error.statusCode, headers: error.headers, body: await apiErrorBody(error, locale, labelOf) };
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  // A route with a body limit of its own says which limit in its own words (operationRoute.ts jsonBodyLimit).
  const ownTooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? (request.routeOptions.config as { bodyTooLarge?: { key: ErrorKey; params?: Record<string, string> } } | undefined)?.bodyTooLarge : undefined;
  if (ownTooLarge) return answer(413, ownTooLarge.key, ownTooLarge.params);
  if (known) return answer(known.status, known.key);
  // Prototype-poisoned bodies and other malformed JSON end here.
  if (error instanceof SyntaxError || error.statusCode === 400) return answer(400, 'invalid_json');
  request.log.error({ err: error }, 'unhandled error');
  return answer(500, 'unknown_error');
}

/** Errors answer `{"Message": …}` in the caller's language. */
export function installErrorHandling(app: FastifyInstance, labelOf?: FieldLabelLookup): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, headers, body } = await errorAnswer(error, request, localeFromAcceptLanguage(request.headers['accept-language']), labelOf);
    return reply.code(status).headers(headers).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    return reply.code(404).send({ Message: translateMessage(locale, 'not_found') });
  });
}
