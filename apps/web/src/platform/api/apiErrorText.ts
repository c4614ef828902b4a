/** What is known about a failed call when its error text is chosen (spec §8 "Failed calls"). */
export interface CallFailure {
  isCanceled: boolean;
  /** The error response's body; undefined when no response arrived. */
  body: string | undefined;
}

export type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * spec §8: a cancelled request gives "Error: request canceled"; no response body gives
 * "Error: request failed for {operation}"; otherwise the text inside the body's Message element,
 * and without one the translated generic API error.
 */
export function apiErrorText(failure: CallFailure, operation: string, t: Translate): string {
  if (failure.isCanceled) return t('api.request_canceled');
  if (failure.body === undefined || failure.body.trim() === '') return t('api.request_failed', { operation });
  return messageInBody(failure.body) ?? t('errors.unknown_error');
}

/** The Message element of an error body: the JSON field the server sends, or an XML element of older gateways. */
export function messageInBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'Message' in parsed) {
      const message = (parsed as { Message: unknown }).Message;
      return typeof message === 'string' && message.trim() ? message : undefined;
    }
    return undefined;
  } catch {
    const xml = /<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/i.exec(body);
    const text = xml ? decodeXmlEntities(xml[1]).trim() : '';
    return text || undefined;
  }
}

/** The Field beside the Message of a JSON error body: the key of the view field the message names by its label. */
export function fieldInBody(body: string | undefined): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    const field = typeof parsed === 'object' && parsed !== null && 'Field' in parsed ? (parsed as { Field: unknown }).Field : undefined;
    return typeof field === 'string' ? field : undefined;
  } catch {
    return undefined;
  }
}

function decodeXmlEntities(text: string): string {
  const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => entities[name]);
}
