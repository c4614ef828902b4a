import http from 'node:http';
import https from 'node:https';
import {
  VendorConnectorError,
  type VendorAccepted,
  type VendorCallOptions,
  type VendorConnector,
  type VendorCreateInput,
  type VendorOperation,
  type VendorRequestStatus,
  type VendorSubscriptionState,
} from './vendorConnector';

export interface HttpVendorConnectorSettings {
  /** The vendor system's address, e.g. VENDOR_SANDBOX_URL. */
  baseUrl: string;
  /** A call that has not answered after this long is abandoned as a transient Timeout. */
  timeoutMs?: number;
  name?: string;
}

export const DEFAULT_VENDOR_TIMEOUT_MS = 10_000;

const OPERATIONS: readonly VendorOperation[] = ['create', 'changeQuantity', 'suspend', 'resume', 'terminate'];

/** HTTP statuses worth a retry with the same key: the vendor did not (knowingly) act. */
const TRANSIENT_HTTP = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * The vendor connector over HTTP (issue 14), spoken to the vendor sandbox
 * (apps/server/src/provisioning/sandbox/vendorSandbox.ts describes the API). Every action sends
 * `Idempotency-Key`; a call is abandoned after `timeoutMs`; failures are classified:
 *   transient — no answer in time (Timeout), the vendor unreachable (Unreachable), 408/425/429/5xx,
 *               an answer that is not the expected JSON (BadResponse);
 *   permanent — any other 4xx (the vendor refused: bad input, unknown subscription, key reused for
 *               another request), and a request the vendor ended Failed ("License pool exhausted").
 */
export class HttpVendorConnector implements VendorConnector {
  readonly name: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly transport: typeof http | typeof https;
  // Kept-alive connections, each closed before the vendor's own idle timeout (Node's agent follows
  // the Keep-Alive header's hint). node:http rather than fetch: fetch's own work per call was about
  // 1 ms of CPU, and an order makes two calls or more (issue 14, `npm run bench orders`).
  private readonly agent: http.Agent;

  constructor(settings: HttpVendorConnectorSettings) {
    if (!/^https?:\/\//.test(settings.baseUrl)) throw new Error('the vendor URL must be an http(s) URL');
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
    this.transport = this.baseUrl.startsWith('https:') ? https : http;
    this.agent = new this.transport.Agent({ keepAlive: true });
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS;
    this.name = settings.name ?? 'Vendor sandbox';
  }

  create(input: VendorCreateInput, options: VendorCallOptions): Promise<VendorAccepted> {
    return this.act('/subscriptions', input, options);
  }

  changeQuantity(subscriptionId: string, quantity: number, options: VendorCallOptions): Promise<VendorAccepted> {
    return this.act(`/subscriptions/${encodeURIComponent(subscriptionId)}/quantity`, { quantity }, options);
  }

  suspend(subscriptionId: string, options: VendorCallOptions): Promise<VendorAccepted> {
    return this.act(`/subscriptions/${encodeURIComponent(subscriptionId)}/suspend`, {}, options);
  }

  resume(subscriptionId: string, options: VendorCallOptions): Promise<VendorAccepted> {
    return this.act(`/subscriptions/${encodeURIComponent(subscriptionId)}/resume`, {}, options);
  }

  terminate(subscriptionId: string, options: VendorCallOptions): Promise<VendorAccepted> {
    return this.act(`/subscriptions/${encodeURIComponent(subscriptionId)}/terminate`, {}, options);
  }

  async getStatus(requestId: string, options: { signal?: AbortSignal } = {}): Promise<VendorRequestStatus> {
    const body = await this.call('GET', `/requests/${encodeURIComponent(requestId)}`, undefined, undefined, options.signal);
    const accepted = this.accepted(body);
    switch (body.status) {
      case 'Pending':
        return { ...accepted, state: 'Pending' };
      case 'Succeeded':
        return { ...accepted, state: 'Succeeded', subscription: body.subscription as VendorSubscriptionState | undefined };
      case 'Failed': {
        const error = (body.error ?? {}) as { code?: unknown; message?: unknown };
        return {
          ...accepted,
          state: 'Failed',
          errorCode: typeof error.code === 'string' ? error.code : 'VendorFailed',
          errorMessage: typeof error.message === 'string' && error.message ? error.message : `${this.name} reported a failure`,
        };
      }
      default:
        throw new VendorConnectorError('transient', 'BadResponse', `${this.name} answered an unknown request status`);
    }
  }

  private async act(path: string, body: object, options: VendorCallOptions): Promise<VendorAccepted> {
    if (!/^[\x21-\x7e]{1,200}$/.test(options.idempotencyKey)) throw new Error('the idempotency key must be 1 to 200 visible ASCII characters');
    return this.accepted(await this.call('POST', path, body, options.idempotencyKey, options.signal));
  }

  private accepted(body: Record<string, unknown>): VendorAccepted {
    const { requestId, subscriptionId, operation } = body;
    if (typeof requestId !== 'string' || typeof subscriptionId !== 'string' || !OPERATIONS.includes(operation as VendorOperation)) {
      throw new VendorConnectorError('transient', 'BadResponse', `${this.name} answered without a request reference`);
    }
    return { requestId, subscriptionId, operation: operation as VendorOperation };
  }

  private async call(method: 'GET' | 'POST', path: string, body: object | undefined, idempotencyKey: string | undefined, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    // A timer cleared when the call ends (AbortSignal.timeout's stays for the whole timeout, then fires).
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.timeoutMs);
    let response: RawResponse;
    try {
      const payload = body ? JSON.stringify(body) : undefined;
      response = await this.send(
        method,
        `${this.baseUrl}${path}`,
        {
          accept: 'application/json',
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        payload,
        signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (timeout.signal.aborted) throw new VendorConnectorError('transient', 'Timeout', `${this.name} did not answer within ${this.timeoutMs} ms`);
      throw new VendorConnectorError('transient', 'Unreachable', `${this.name} is not reachable: ${describe(error)}`);
    } finally {
      clearTimeout(timer);
    }

    const { status, text } = response;
    let parsed: Record<string, unknown> | undefined;
    try {
      const value: unknown = text ? JSON.parse(text) : undefined;
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      parsed = undefined;
    }
    if (status >= 200 && status < 300) {
      if (!parsed) throw new VendorConnectorError('transient', 'BadResponse', `${this.name} answered ${status} without JSON`);
      return parsed;
    }
    const code = typeof parsed?.code === 'string' ? parsed.code : `Http${status}`;
    const message = typeof parsed?.message === 'string' && parsed.message ? parsed.message : `${this.name} answered ${status}`;
    const retryAfter = Number(response.retryAfter);
    const kind = TRANSIENT_HTTP.has(status) ? 'transient' : 'permanent';
    throw new VendorConnectorError(kind, code, message, status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }

  /** One HTTP exchange, its whole body read; rejects when the connection fails or `signal` aborts it. */
  private send(method: string, url: string, headers: Record<string, string>, payload: string | undefined, signal: AbortSignal): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const request = this.transport.request(url, { method, headers, agent: this.agent, signal }, (incoming) => {
        incoming.setEncoding('utf8');
        let text = '';
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, retryAfter: incoming.headers['retry-after'], text }));
        incoming.on('error', reject);
        // A body cut short (the connection closed, the call aborted) ends neither way on every Node version.
        incoming.on('close', () => {
          if (!incoming.complete) reject(new Error('the connection closed before the answer was complete'));
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  }
}

interface RawResponse {
  status: number;
  retryAfter: string | undefined;
  text: string;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}
