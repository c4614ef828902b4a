import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

// DESIGN.md security baseline: bad input answers 400, never 500. Two kinds of input no request
// schema can refuse are refused here, once, for every operation:
// - JSON nested deeper than any request needs: recursion over it (validation, JSON.stringify into
//   jsonb, audit details) would overflow the stack. It is refused while reading the raw body,
//   before anything recurses into it.
// - text PostgreSQL cannot store: a NUL character (no text column holds U+0000) and a lone UTF-16
//   surrogate (not Unicode; jsonb refuses it, UTF-8 cannot encode it).

/** The deepest request body is CreateAccount's `account.Views.<View>.Values.<Field>`: a wide margin. */
export const MAX_JSON_DEPTH = 32;

/**
 * Reads JSON bodies with Fastify's own parser (prototype-poisoning checks included) after a linear
 * scan of the raw text that stops at the first bracket nested deeper than MAX_JSON_DEPTH.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new ApiError(400, 'json_too_deep', { max: String(MAX_JSON_DEPTH) }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** Whether brackets outside strings nest deeper than `max`; malformed text is left to the parser. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (isInString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) isInString = false;
    } else if (char === 0x22) {
      isInString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EVERY_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source, 'g');
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
/** A key as it can be shown in a message. */
const printable = (text: string) => text.replaceAll('\u0000', '\uFFFD').replace(EVERY_LONE_SURROGATE, '\uFFFD');

/**
 * The path (zod style, `account.Views.Company`) of the first string or object key of a parsed body
 * holding text PostgreSQL cannot store, or undefined. The body is at most MAX_JSON_DEPTH deep.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? path.join('.') || '(body)' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (isUnstorable(key)) return [...path, printable(key)].join('.');
    const found = findUnstorableText(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
