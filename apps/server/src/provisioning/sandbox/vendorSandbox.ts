import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HttpProblem, rate, readJson, requireQuantity, requireString, sendJson } from './sandboxHttp';

/**
 * The vendor sandbox (issue 14): a stand-in for a vendor's provisioning API, spoken to over HTTP by
 * HttpVendorConnector. It runs on its own port (its own process under `npm start` in demo mode, see
 * sandboxProcess.ts; in-process in tests) and keeps its state in memory.
 *
 * The API (JSON bodies; every POST needs an `Idempotency-Key` header):
 *   POST /subscriptions                      {customerId, sku, quantity}  create a subscription
 *   POST /subscriptions/{id}/quantity        {quantity}                   change its quantity
 *   POST /subscriptions/{id}/suspend | /resume | /terminate               (empty body)
 *     → 202 {requestId, subscriptionId, operation, status: 'Pending'}; the work completes after
 *       `completionDelayMs`; the caller polls
 *   GET  /requests/{requestId}               → 200 {requestId, subscriptionId, operation, status:
 *       'Pending' | 'Succeeded' | 'Failed', error?: {code, message}, subscription?}
 *   GET  /subscriptions/{id}                 → 200 the subscription {id, customerId, sku, quantity, status}
 *
 * Idempotency: the first accepted call with a key is remembered with its answer; the same key again
 * answers the same (status and body, header `Idempotent-Replay: true`) and never acts twice; the
 * same key with another request answers 422. An answer that did not act (503, 400) is not remembered.
 *
 * Failures (configurable, see SandboxOptions / the environment in main.ts / PUT /_sandbox/config):
 *   - quantity over `licensePoolSize` (500) → the request ends Failed {code: 'LicensePoolExhausted',
 *     message: 'License pool exhausted'} (a permanent failure);
 *   - a SKU containing `timeoutSkuMarker` ('TIMEOUT') → the call never answers in time (held for
 *     `hangMs`, then dropped) and nothing is done;
 *   - a share `transientFailureRate` (0..1) of calls, or the next `failNextCalls` calls, → 503
 *     Service Unavailable with Retry-After, before doing anything; a query parameter
 *     `?transientFailureRate=` on a call overrides the share for that call;
 *   - a share `lostResponseRate` of calls acts and then answers 503 (the answer "lost on the way"):
 *     a retry with the same key gets the remembered answer and nothing is done twice.
 *
 * For tests and the bench: GET /_sandbox/provisionings → {total, duplicates, byKey: {key: count}}
 * counts the actions actually carried out per idempotency key (must never exceed 1);
 * GET /_sandbox/provisionings/{key} → {key, count}; GET|PUT /_sandbox/config; POST /_sandbox/reset.
 */

export interface SandboxOptions {
  /** How long an accepted request stays Pending before it completes. */
  completionDelayMs: number;
  /** Share (0..1) of calls answered 503 without acting. */
  transientFailureRate: number;
  /** The next this many calls answer 503 without acting (deterministic transient failures for tests). */
  failNextCalls: number;
  /** Share (0..1) of calls that act and then answer 503. */
  lostResponseRate: number;
  /** A quantity above this fails with "License pool exhausted". */
  licensePoolSize: number;
  /** A SKU containing this never answers in time. */
  timeoutSkuMarker: string;
  /** How long a call for a timeout SKU is held before the connection is dropped. */
  hangMs: number;
}

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  completionDelayMs: 1500,
  transientFailureRate: 0,
  failNextCalls: 0,
  lostResponseRate: 0,
  licensePoolSize: 500,
  timeoutSkuMarker: 'TIMEOUT',
  hangMs: 120_000,
};

export type SandboxOperation = 'create' | 'changeQuantity' | 'suspend' | 'resume' | 'terminate';
export type SandboxSubscriptionStatus = 'Provisioning' | 'Active' | 'Suspended' | 'Terminated' | 'Failed';

interface SandboxSubscription {
  id: string;
  customerId: string;
  sku: string;
  quantity: number;
  status: SandboxSubscriptionStatus;
}

interface SandboxRequest {
  requestId: string;
  subscriptionId: string;
  operation: SandboxOperation;
  idempotencyKey: string;
  quantity?: number;
  status: 'Pending' | 'Succeeded' | 'Failed';
  error?: { code: string; message: string };
  completesAt: number;
}

interface RememberedAnswer {
  fingerprint: string;
  statusCode: number;
  body: unknown;
}

export interface VendorSandbox {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  readonly options: SandboxOptions;
  /** Changes the behaviour at run time (tests, bench). */
  configure(changes: Partial<SandboxOptions>): void;
  /** Actions carried out per idempotency key. */
  provisionings(): { total: number; duplicates: number; byKey: Record<string, number> };
  close(): Promise<void>;
}

/** The options from SANDBOX_* variables (see main.ts); unset ones keep their defaults. */
export function sandboxOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<SandboxOptions> {
  const number = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`${name} must be a number from 0 to ${max}`);
    return value;
  };
  return {
    completionDelayMs: number('SANDBOX_COMPLETION_DELAY_MS', DEFAULT_SANDBOX_OPTIONS.completionDelayMs),
    transientFailureRate: number('SANDBOX_TRANSIENT_FAILURE_RATE', 0, 1),
    lostResponseRate: number('SANDBOX_LOST_RESPONSE_RATE', 0, 1),
    licensePoolSize: number('SANDBOX_LICENSE_POOL', DEFAULT_SANDBOX_OPTIONS.licensePoolSize),
    timeoutSkuMarker: env.SANDBOX_TIMEOUT_SKU ?? DEFAULT_SANDBOX_OPTIONS.timeoutSkuMarker,
    hangMs: number('SANDBOX_HANG_MS', DEFAULT_SANDBOX_OPTIONS.hangMs),
  };
}

const fingerprintOf = (parts: unknown): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** Starts the sandbox on 127.0.0.1 (port 0: a free one) and resolves once it listens. */
export async function startVendorSandbox(config: { port?: number; host?: string; options?: Partial<SandboxOptions> } = {}): Promise<VendorSandbox> {
  const options: SandboxOptions = { ...DEFAULT_SANDBOX_OPTIONS, ...config.options };
  const subscriptions = new Map<string, SandboxSubscription>();
  const requests = new Map<string, SandboxRequest>();
  const answers = new Map<string, RememberedAnswer>();
  const actionsByKey = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  function schedule(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  function requestView(r: SandboxRequest) {
    const subscription = subscriptions.get(r.subscriptionId);
    return {
      requestId: r.requestId,
      subscriptionId: r.subscriptionId,
      operation: r.operation,
      status: r.status,
      ...(r.error ? { error: r.error } : {}),
      ...(r.status === 'Succeeded' && subscription ? { subscription: { ...subscription } } : {}),
    };
  }

  /** Carries out an accepted request once its delay has passed. */
  function complete(r: SandboxRequest): void {
    const subscription = subscriptions.get(r.subscriptionId);
    const fail = (code: string, message: string) => {
      r.status = 'Failed';
      r.error = { code, message };
      if (r.operation === 'create' && subscription) subscription.status = 'Failed';
    };
    if (!subscription) return fail('SubscriptionNotFound', 'Subscription not found');
    if (r.quantity !== undefined && r.quantity > options.licensePoolSize) return fail('LicensePoolExhausted', 'License pool exhausted');
    const from = subscription.status;
    const expect = (allowed: SandboxSubscriptionStatus[]) => allowed.includes(from);
    switch (r.operation) {
      case 'create':
        subscription.status = 'Active';
        break;
      case 'changeQuantity':
        if (!expect(['Active'])) return fail('InvalidState', `Subscription is ${from}, not Active`);
        subscription.quantity = r.quantity!;
        break;
      case 'suspend':
        if (!expect(['Active'])) return fail('InvalidState', `Subscription is ${from}, not Active`);
        subscription.status = 'Suspended';
        break;
      case 'resume':
        if (!expect(['Suspended'])) return fail('InvalidState', `Subscription is ${from}, not Suspended`);
        subscription.status = 'Active';
        break;
      case 'terminate':
        if (!expect(['Active', 'Suspended'])) return fail('InvalidState', `Subscription is ${from}, not Active or Suspended`);
        subscription.status = 'Terminated';
        break;
    }
    r.status = 'Succeeded';
    actionsByKey.set(r.idempotencyKey, (actionsByKey.get(r.idempotencyKey) ?? 0) + 1);
  }

  function accept(operation: SandboxOperation, key: string, subscriptionId: string, quantity?: number) {
    const r: SandboxRequest = {
      requestId: `req-${randomUUID()}`,
      subscriptionId,
      operation,
      idempotencyKey: key,
      quantity,
      status: 'Pending',
      completesAt: Date.now() + options.completionDelayMs,
    };
    requests.set(r.requestId, r);
    schedule(() => complete(r), options.completionDelayMs);
    return { statusCode: 202, body: requestView(r) };
  }

  /** A vendor action: checks the key, fails transiently if told to, acts once, remembers the answer. */
  async function action(req: IncomingMessage, res: ServerResponse, url: URL, operation: SandboxOperation, subscriptionId: string | undefined): Promise<void> {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(key)) throw new HttpProblem(400, 'IdempotencyKeyRequired', 'An Idempotency-Key header (1 to 200 visible characters) is required');
    const body = await readJson(req);

    // A call for a timeout SKU never answers in time; nothing is done.
    const sku = operation === 'create' ? (typeof body.sku === 'string' ? body.sku : '') : (subscriptions.get(subscriptionId ?? '')?.sku ?? '');
    if (options.timeoutSkuMarker && sku.includes(options.timeoutSkuMarker)) {
      schedule(() => req.socket.destroy(), options.hangMs);
      return;
    }

    const shareOverride = url.searchParams.get('transientFailureRate');
    const share = shareOverride !== null ? rate(shareOverride, 'transientFailureRate') : options.transientFailureRate;
    if (options.failNextCalls > 0 || Math.random() < share) {
      if (options.failNextCalls > 0) options.failNextCalls -= 1;
      return sendJson(res, 503, { code: 'ServiceUnavailable', message: 'Service temporarily unavailable' }, { 'retry-after': '1' });
    }

    // From here on nothing awaits: checking and remembering the key cannot interleave with another call.
    const fingerprint = fingerprintOf([operation, subscriptionId ?? null, body]);
    const remembered = answers.get(key);
    if (remembered) {
      if (remembered.fingerprint !== fingerprint) throw new HttpProblem(422, 'IdempotencyKeyReused', 'This Idempotency-Key was used for another request');
      return sendJson(res, remembered.statusCode, remembered.body, { 'idempotent-replay': 'true' });
    }

    let answer: { statusCode: number; body: unknown };
    if (operation === 'create') {
      const customerId = requireString(body, 'customerId');
      const skuValue = requireString(body, 'sku');
      const quantity = requireQuantity(body);
      const subscription: SandboxSubscription = { id: `sub-${randomUUID()}`, customerId, sku: skuValue, quantity, status: 'Provisioning' };
      subscriptions.set(subscription.id, subscription);
      answer = accept('create', key, subscription.id, quantity);
    } else {
      if (!subscriptionId || !subscriptions.has(subscriptionId)) throw new HttpProblem(404, 'SubscriptionNotFound', 'Subscription not found');
      answer = accept(operation, key, subscriptionId, operation === 'changeQuantity' ? requireQuantity(body) : undefined);
    }
    answers.set(key, { fingerprint, ...answer });
    // The vendor acted, but its answer is "lost on the way".
    if (Math.random() < options.lostResponseRate) {
      return sendJson(res, 503, { code: 'ServiceUnavailable', message: 'Service temporarily unavailable' }, { 'retry-after': '1' });
    }
    sendJson(res, answer.statusCode, answer.body);
  }

  function provisionings() {
    const byKey = Object.fromEntries(actionsByKey);
    const counts = [...actionsByKey.values()];
    return { total: counts.reduce((a, b) => a + b, 0), duplicates: counts.reduce((a, b) => a + Math.max(0, b - 1), 0), byKey };
  }

  function configure(changes: Partial<SandboxOptions>): void {
    const next = { ...options };
    for (const [name, value] of Object.entries(changes)) {
      if (!(name in DEFAULT_SANDBOX_OPTIONS)) throw new HttpProblem(400, 'InvalidRequest', `unknown option ${name}`);
      if (name === 'timeoutSkuMarker') {
        if (typeof value !== 'string') throw new HttpProblem(400, 'InvalidRequest', `${name} must be a string`);
      } else if (name === 'transientFailureRate' || name === 'lostResponseRate') {
        rate(value, name);
      } else if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new HttpProblem(400, 'InvalidRequest', `${name} must be a number of at least 0`);
      }
      (next as Record<string, unknown>)[name] = value;
    }
    Object.assign(options, next);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';

    if (method === 'POST' && parts.length === 1 && parts[0] === 'subscriptions') return action(req, res, url, 'create', undefined);
    if (method === 'POST' && parts.length === 3 && parts[0] === 'subscriptions') {
      const operation = ({ quantity: 'changeQuantity', suspend: 'suspend', resume: 'resume', terminate: 'terminate' } as const)[parts[2] as 'quantity'];
      if (operation) return action(req, res, url, operation, parts[1]);
    }
    if (method === 'GET' && parts.length === 2 && parts[0] === 'subscriptions') {
      const subscription = subscriptions.get(parts[1]);
      if (!subscription) throw new HttpProblem(404, 'SubscriptionNotFound', 'Subscription not found');
      return sendJson(res, 200, subscription);
    }
    if (method === 'GET' && parts.length === 2 && parts[0] === 'requests') {
      const r = requests.get(parts[1]);
      if (!r) throw new HttpProblem(404, 'RequestNotFound', 'Request not found');
      return sendJson(res, 200, requestView(r));
    }
    if (parts[0] === '_sandbox') {
      if (method === 'GET' && parts[1] === 'provisionings' && parts.length === 2) return sendJson(res, 200, provisionings());
      if (method === 'GET' && parts[1] === 'provisionings' && parts.length === 3) return sendJson(res, 200, { key: parts[2], count: actionsByKey.get(parts[2]) ?? 0 });
      if (method === 'GET' && parts[1] === 'config') return sendJson(res, 200, options);
      if (method === 'PUT' && parts[1] === 'config') {
        configure((await readJson(req)) as Partial<SandboxOptions>);
        return sendJson(res, 200, options);
      }
      if (method === 'POST' && parts[1] === 'reset') {
        subscriptions.clear();
        requests.clear();
        answers.clear();
        actionsByKey.clear();
        return sendJson(res, 200, { reset: true });
      }
    }
    if (method === 'GET' && parts.length === 0) return sendJson(res, 200, { name: 'vendor-sandbox', status: 'ok' });
    throw new HttpProblem(404, 'NotFound', 'Not found');
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      if (error instanceof HttpProblem) return sendJson(res, error.statusCode, { code: error.code, message: error.message });
      sendJson(res, 500, { code: 'InternalError', message: 'Internal error' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    options,
    configure,
    provisionings,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
