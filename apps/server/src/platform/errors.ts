import type { ErrorKey } from '@cmp/contracts/errors';

/**
 * An error meant for the caller: an HTTP status and a catalogue key, translated once at the
 * boundary (the operation route) into `{"Message": …}`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    readonly params: Record<string, string> = {},
    /** Headers the answer carries besides the message (e.g. Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }
}

export const notSignedIn = () => new ApiError(401, 'not_signed_in');
/** DESIGN.md: a missing capability and a foreign or missing account get the same 403 body. */
export const accessDenied = () => new ApiError(403, 'access_denied');
export const invalidRequest = (detail: string) => new ApiError(400, 'invalid_request', { detail });
