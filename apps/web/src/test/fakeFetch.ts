import { vi } from 'vitest';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/**
 * A stand-in for the browser's fetch in unit tests: answers each call with `respond`, and rejects
 * with an AbortError the way browsers do when the request's signal is aborted.
 */
export function installFakeFetch(respond: (url: string, init: RequestInit) => FakeResponse | Promise<FakeResponse>) {
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const answer = new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      Promise.resolve(respond(url, init)).then(({ status = 200, body }) => {
        const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
        resolve(new Response(text, { status }));
      }, reject);
    });
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return answer;
  });
  vi.stubGlobal('fetch', fake);
  return fake;
}
