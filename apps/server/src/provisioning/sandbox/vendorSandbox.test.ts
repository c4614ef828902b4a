import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startVendorSandboxProcess, startDemoVendorSandbox } from './sandboxProcess';
import { sandboxOptionsFromEnv, startVendorSandbox, type VendorSandbox } from './vendorSandbox';

// The vendor sandbox over real HTTP (issue 14): asynchronous completion, idempotency, each failure mode.

let sandbox: VendorSandbox;

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 150, hangMs: 5_000 } });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
  sandbox.configure({ completionDelayMs: 150, transientFailureRate: 0, failNextCalls: 0, lostResponseRate: 0 });
});

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

async function post(path: string, body: object, key: string | undefined, init: RequestInit = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
    ...init,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const get = async (path: string) => (await fetch(`${sandbox.url}${path}`)).json() as Promise<Record<string, unknown>>;

async function untilDone(requestId: unknown): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const status = await get(`/requests/${requestId}`);
    if (status.status !== 'Pending') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the request never completed');
}

const countFor = async (key: string) => (await get(`/_sandbox/provisionings/${key}`)).count;

describe('vendor sandbox', () => {
  it('accepts a subscription with 202 and a request reference, and completes it after the delay', async () => {
    const key = newKey();
    // Long enough to see it pending on a busy machine.
    sandbox.configure({ completionDelayMs: 1_500 });
    const accepted = await post('/subscriptions', { customerId: 'tenant-1', sku: 'M365-E3', quantity: 10 }, key);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ operation: 'create', status: 'Pending', requestId: expect.stringMatching(/^req-/), subscriptionId: expect.stringMatching(/^sub-/) });
    expect((await get(`/requests/${accepted.body.requestId}`)).status).toBe('Pending');
    expect(await countFor(key)).toBe(0);

    const done = await untilDone(accepted.body.requestId);
    expect(done).toMatchObject({ status: 'Succeeded', subscription: { customerId: 'tenant-1', sku: 'M365-E3', quantity: 10, status: 'Active' } });
    expect(await get(`/subscriptions/${accepted.body.subscriptionId}`)).toMatchObject({ status: 'Active', quantity: 10 });
    expect(await countFor(key)).toBe(1);
  });

  it('changes quantity, suspends, resumes and terminates, refusing a change the state does not allow', async () => {
    const created = await post('/subscriptions', { customerId: 't', sku: 'SKU-A', quantity: 5 }, newKey());
    const id = created.body.subscriptionId as string;
    await untilDone(created.body.requestId);

    const steps: [string, object, string, number][] = [
      ['quantity', { quantity: 7 }, 'Active', 7],
      ['suspend', {}, 'Suspended', 7],
      ['resume', {}, 'Active', 7],
      ['terminate', {}, 'Terminated', 7],
    ];
    for (const [action, body, status, quantity] of steps) {
      const accepted = await post(`/subscriptions/${id}/${action}`, body, newKey());
      expect(accepted.status).toBe(202);
      expect(await untilDone(accepted.body.requestId)).toMatchObject({ status: 'Succeeded', subscription: { status, quantity } });
    }

    const resumeTerminated = await post(`/subscriptions/${id}/resume`, {}, newKey());
    expect(await untilDone(resumeTerminated.body.requestId)).toMatchObject({ status: 'Failed', error: { code: 'InvalidState', message: 'Subscription is Terminated, not Suspended' } });
    expect((await post('/subscriptions/sub-unknown/suspend', {}, newKey())).status).toBe(404);
  });

  it('never acts twice for one Idempotency-Key: the same key answers the same reference, another request with it 422', async () => {
    const key = newKey();
    const body = { customerId: 'tenant-2', sku: 'SKU-B', quantity: 3 };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => post('/subscriptions', body, key)));
    expect(new Set(answers.map((a) => a.body.requestId)).size).toBe(1);
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(answers.filter((a) => a.headers.get('idempotent-replay') === 'true')).toHaveLength(4);

    await untilDone(answers[0].body.requestId);
    const later = await post('/subscriptions', body, key);
    expect(later.body.requestId).toBe(answers[0].body.requestId);
    expect(await countFor(key)).toBe(1);

    const other = await post('/subscriptions', { ...body, quantity: 4 }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IdempotencyKeyReused');
    expect(await get('/_sandbox/provisionings')).toEqual({ total: 1, duplicates: 0, byKey: { [key]: 1 } });
  });

  it('refuses an action without an Idempotency-Key', async () => {
    const answer = await post('/subscriptions', { customerId: 't', sku: 'S', quantity: 1 }, undefined);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('IdempotencyKeyRequired');
  });

  it('fails a quantity over 500 permanently with "License pool exhausted"', async () => {
    const key = newKey();
    const accepted = await post('/subscriptions', { customerId: 't', sku: 'SKU-C', quantity: 501 }, key);
    expect(accepted.status).toBe(202);
    expect(await untilDone(accepted.body.requestId)).toMatchObject({ status: 'Failed', error: { code: 'LicensePoolExhausted', message: 'License pool exhausted' } });
    expect(await countFor(key)).toBe(0);

    const exact = await post('/subscriptions', { customerId: 't', sku: 'SKU-C', quantity: 500 }, newKey());
    expect((await untilDone(exact.body.requestId)).status).toBe('Succeeded');
    const more = await post(`/subscriptions/${exact.body.subscriptionId}/quantity`, { quantity: 900 }, newKey());
    expect(await untilDone(more.body.requestId)).toMatchObject({ status: 'Failed', error: { message: 'License pool exhausted' } });
  });

  it('never answers in time for a SKU containing TIMEOUT, and does nothing', async () => {
    const key = newKey();
    const call = post('/subscriptions', { customerId: 't', sku: 'SKU-TIMEOUT-1', quantity: 1 }, key, { signal: AbortSignal.timeout(400) });
    await expect(call).rejects.toThrow(/abort|timeout/i);
    expect(await countFor(key)).toBe(0);
    expect((await get('/_sandbox/provisionings')).total).toBe(0);
  });

  it('answers transient 503s without acting (a share per call, or the next calls), and a retry with the same key provisions once', async () => {
    const key = newKey();
    const body = { customerId: 't', sku: 'SKU-D', quantity: 2 };
    const refused = await post('/subscriptions?transientFailureRate=1', body, key);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');

    sandbox.configure({ failNextCalls: 2 });
    expect((await post('/subscriptions', body, key)).status).toBe(503);
    expect((await post('/subscriptions', body, key)).status).toBe(503);
    const accepted = await post('/subscriptions', body, key);
    expect(accepted.status).toBe(202);
    await untilDone(accepted.body.requestId);
    expect(await countFor(key)).toBe(1);

    // Configured over HTTP too (the bench's way): every call fails.
    const config = await fetch(`${sandbox.url}/_sandbox/config`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transientFailureRate: 1 }) });
    expect(config.status).toBe(200);
    expect((await post('/subscriptions', body, newKey())).status).toBe(503);
    const wrong = await fetch(`${sandbox.url}/_sandbox/config`, { method: 'PUT', body: JSON.stringify({ transientFailureRate: 2 }) });
    expect(wrong.status).toBe(400);
  });

  it('acts once when its answer is lost (503 after acting): the retry with the same key gets the remembered reference', async () => {
    const key = newKey();
    const body = { customerId: 't', sku: 'SKU-E', quantity: 4 };
    sandbox.configure({ lostResponseRate: 1 });
    expect((await post('/subscriptions', body, key)).status).toBe(503);
    sandbox.configure({ lostResponseRate: 0 });
    const retry = await post('/subscriptions', body, key);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replay')).toBe('true');
    await untilDone(retry.body.requestId);
    expect(await countFor(key)).toBe(1);
    expect((await get('/_sandbox/provisionings')).duplicates).toBe(0);
  });

  it('reads its settings from SANDBOX_* variables', () => {
    expect(sandboxOptionsFromEnv({ SANDBOX_TRANSIENT_FAILURE_RATE: '0.1', SANDBOX_COMPLETION_DELAY_MS: '20' })).toMatchObject({ transientFailureRate: 0.1, completionDelayMs: 20, licensePoolSize: 500, timeoutSkuMarker: 'TIMEOUT' });
    expect(() => sandboxOptionsFromEnv({ SANDBOX_TRANSIENT_FAILURE_RATE: '1.5' })).toThrow('SANDBOX_TRANSIENT_FAILURE_RATE');
  });
});

describe('vendor sandbox process', () => {
  it('runs in a process of its own on a free port and ends on close', async () => {
    const child = await startVendorSandboxProcess({ env: { SANDBOX_COMPLETION_DELAY_MS: '10' } });
    try {
      expect(child.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(child.pid).not.toBe(process.pid);
      expect(await (await fetch(child.url)).json()).toEqual({ name: 'vendor-sandbox', status: 'ok' });
      expect(await (await fetch(`${child.url}/_sandbox/config`)).json()).toMatchObject({ completionDelayMs: 10 });
    } finally {
      await child.close();
    }
    await expect(fetch(child.url)).rejects.toThrow();
  }, 60_000);

  it('starts for npm start only in demo mode and only when no vendor URL is configured', async () => {
    expect(await startDemoVendorSandbox({ loadDemoData: false }, {})).toBeUndefined();
    expect(await startDemoVendorSandbox({ loadDemoData: true }, { VENDOR_SANDBOX_URL: 'http://vendor.example' })).toBeUndefined();
    const env: NodeJS.ProcessEnv = {};
    const started = await startDemoVendorSandbox({ loadDemoData: true }, env);
    try {
      expect(started).toBeDefined();
      expect(env.VENDOR_SANDBOX_URL).toBe(started!.url);
    } finally {
      await started?.close();
    }
  }, 60_000);
});
