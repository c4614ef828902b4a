import { currentLanguage, translate } from '../i18n/currentLanguage';
import { showMessage } from '../messages/messageStore';
import { ApiError } from './ApiError';
import { apiErrorText, fieldInBody, type CallFailure } from './apiErrorText';
import { readCookie } from './readCookie';

export const OPERATIONS_BASE_PATH = '/DataModel/service.svc/rest';
/** DESIGN.md "Anti-forgery": the server's readable cookie, echoed in a header on every call. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface CallOptions {
  /** spec §7/§8: some calls (Authenticate) show their error where it happened instead of a toast. */
  suppressErrorToast?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a money-moving operation (DESIGN.md "Commerce"). */
  headers?: Record<string, string>;
}

/**
 * Calls one business operation: `POST /DataModel/service.svc/rest/<Service>/<Operation>` with a
 * JSON body (spec §7). Resolves with the response body as is; rejects with an ApiError whose
 * message is the text of spec §8, after showing it as an error toast unless suppressed or cancelled.
 */
export async function callOperation<TResponse = unknown>(
  service: string,
  operation: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<TResponse> {
  return send<TResponse>(`${OPERATIONS_BASE_PATH}/${service}/${operation}`, operation, JSON.stringify(body), 'application/json', options);
}

/**
 * Calls an operation that takes a file as its body (UploadImport): the browser streams the file
 * itself, so it may be far larger than a JSON body could carry; the other fields go in the query.
 */
export async function callOperationWithFile<TResponse = unknown>(
  service: string,
  operation: string,
  fields: Record<string, string | number | undefined>,
  file: Blob,
  options: CallOptions = {},
): Promise<TResponse> {
  const query = new URLSearchParams(Object.entries(fields).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
  return send<TResponse>(`${OPERATIONS_BASE_PATH}/${service}/${operation}?${query.toString()}`, operation, file, 'application/octet-stream', options);
}

async function send<TResponse>(url: string, operation: string, body: BodyInit, contentType: string, { suppressErrorToast = false, signal, headers }: CallOptions): Promise<TResponse> {
  let response: Response;
  try {
    if (!readCookie(XSRF_COOKIE)) await fetchXsrfCookie(signal);
    response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...requestHeaders(contentType) },
      body,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw failure(operation, { isCanceled: isAbort(error, signal), body: undefined }, undefined, suppressErrorToast);
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failure(operation, { isCanceled: isAbort(error, signal), body: undefined }, response.status, suppressErrorToast);
  }
  if (!response.ok) throw failure(operation, { isCanceled: false, body: text }, response.status, suppressErrorToast);
  return parseBody(text) as TResponse;
}

/**
 * The server sets the anti-forgery cookie on any response; when it is gone (cleared cookies, a
 * browser that dropped it) a cheap GET brings it back before the call would be refused.
 */
async function fetchXsrfCookie(signal: AbortSignal | undefined): Promise<void> {
  await fetch('/healthz', { credentials: 'same-origin', signal }).catch(() => undefined);
}

function requestHeaders(contentType: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    Accept: 'application/json',
    // spec §7: every request carries the current language and the anti-forgery value.
    'Accept-Language': currentLanguage(),
  };
  const token = readCookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  return headers;
}

function failure(operation: string, details: CallFailure, status: number | undefined, suppressErrorToast: boolean): ApiError {
  const text = apiErrorText(details, operation, translate);
  // spec §8: cancellations are expected (a newer request took over) and never shown.
  if (!suppressErrorToast && !details.isCanceled) showMessage({ type: 'error', text, name: `api-error:${operation}` });
  return new ApiError(text, { operation, status, isCanceled: details.isCanceled, field: fieldInBody(details.body) });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

/** spec §7 "The response body is returned as is": JSON when it is JSON, otherwise the text; nothing for an empty body. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
