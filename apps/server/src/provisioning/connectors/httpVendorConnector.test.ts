import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startVendorSandbox, type VendorSandbox } from '../sandbox/vendorSandbox';
import { readVendorConnectorConfig, vendorConnectorFromEnv } from './connectorConfig';
import { HttpVendorConnector } from './httpVendorConnector';
import { awaitVendorCompletion, isTransientVendorError, VendorConnectorError } from './vendorConnector';

// HttpVendorConnector against the vendor sandbox over real HTTP (issue 14): completion, the
// classification of failures into transient and permanent, timeouts, retries that act once.

let sandbox: VendorSandbox;
let connector: HttpVendorConnector;
const poll = { pollIntervalMs: 25, timeoutMs: 20_000 };

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 100, hangMs: 5_000 } });
  connector = new HttpVendorConnector({ baseUrl: sandbox.url, timeoutMs: 3_000 });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.configure({ completionDelayMs: 100, transientFailureRate: 0, failNextCalls: 0, lostResponseRate: 0 }));

let keys = 0;
const newKey = () => `connector-${Date.now()}-${++keys}`;

async function failure(promise: Promise<unknown>): Promise<VendorConnectorError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VendorConnectorError);
    return error as VendorConnectorError;
  }
  throw new Error('expected a vendor error');
}

describe('HttpVendorConnector', () => {
  it('creates a subscription and follows it to Active, then changes, suspends, resumes and terminates it', async () => {
    // Long enough to see it pending on a busy machine.
    sandbox.configure({ completionDelayMs: 1_500 });
    const accepted = await connector.create({ customerId: 'tenant-9', sku: 'M365-BP', quantity: 12 }, { idempotencyKey: newKey() });
    sandbox.configure({ completionDelayMs: 100 });
    expect(accepted).toMatchObject({ operation: 'create', requestId: expect.any(String), subscriptionId: expect.any(String) });
    expect((await connector.getStatus(accepted.requestId)).state).toBe('Pending');
    const done = await awaitVendorCompletion(connector, accepted.requestId, poll);
    expect(done).toMatchObject({ state: 'Succeeded', subscription: { status: 'Active', quantity: 12, sku: 'M365-BP' } });

    const id = accepted.subscriptionId;
    const change = await connector.changeQuantity(id, 20, { idempotencyKey: newKey() });
    expect((await awaitVendorCompletion(connector, change.requestId, poll)).subscription).toMatchObject({ quantity: 20, status: 'Active' });
    const suspend = await connector.suspend(id, { idempotencyKey: newKey() });
    expect((await awaitVendorCompletion(connector, suspend.requestId, poll)).subscription?.status).toBe('Suspended');
    const resume = await connector.resume(id, { idempotencyKey: newKey() });
    expect((await awaitVendorCompletion(connector, resume.requestId, poll)).subscription?.status).toBe('Active');
    const terminate = await connector.terminate(id, { idempotencyKey: newKey() });
    expect((await awaitVendorCompletion(connector, terminate.requestId, poll)).subscription?.status).toBe('Terminated');
  });

  it('classifies a 503 as transient, with the vendor’s Retry-After', async () => {
    sandbox.configure({ transientFailureRate: 1 });
    const error = await failure(connector.create({ customerId: 't', sku: 'S', quantity: 1 }, { idempotencyKey: newKey() }));
    expect(error).toMatchObject({ kind: 'transient', code: 'ServiceUnavailable', httpStatus: 503, retryAfterSeconds: 1 });
    expect(isTransientVendorError(error)).toBe(true);
  });

  it('classifies "License pool exhausted" as permanent, with the vendor’s message', async () => {
    const accepted = await connector.create({ customerId: 't', sku: 'S', quantity: 501 }, { idempotencyKey: newKey() });
    const error = await failure(awaitVendorCompletion(connector, accepted.requestId, poll));
    expect(error).toMatchObject({ kind: 'permanent', code: 'LicensePoolExhausted', message: 'License pool exhausted' });
    expect(isTransientVendorError(error)).toBe(false);
    expect(await connector.getStatus(accepted.requestId)).toMatchObject({ state: 'Failed', errorMessage: 'License pool exhausted' });
  });

  it('classifies a refusal (unknown subscription, key reused for another request) as permanent', async () => {
    expect(await failure(connector.suspend('sub-missing', { idempotencyKey: newKey() }))).toMatchObject({ kind: 'permanent', httpStatus: 404, message: 'Subscription not found' });
    const key = newKey();
    await connector.create({ customerId: 't', sku: 'S', quantity: 1 }, { idempotencyKey: key });
    expect(await failure(connector.create({ customerId: 't', sku: 'S', quantity: 2 }, { idempotencyKey: key }))).toMatchObject({ kind: 'permanent', httpStatus: 422, code: 'IdempotencyKeyReused' });
  });

  it('gives up on the TIMEOUT SKU after its timeout, as a transient Timeout', async () => {
    const quick = new HttpVendorConnector({ baseUrl: sandbox.url, timeoutMs: 300 });
    const key = newKey();
    const started = Date.now();
    const error = await failure(quick.create({ customerId: 't', sku: 'OFFICE-TIMEOUT', quantity: 1 }, { idempotencyKey: key }));
    expect(error).toMatchObject({ kind: 'transient', code: 'Timeout' });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(sandbox.provisionings().byKey[key]).toBeUndefined();
  });

  it('classifies an unreachable vendor as transient', async () => {
    const gone = await startVendorSandbox();
    const url = gone.url;
    await gone.close();
    const error = await failure(new HttpVendorConnector({ baseUrl: url, timeoutMs: 2_000 }).create({ customerId: 't', sku: 'S', quantity: 1 }, { idempotencyKey: newKey() }));
    expect(error).toMatchObject({ kind: 'transient', code: 'Unreachable' });
  });

  it('provisions once when a call is retried with the same key after a transient failure', async () => {
    const key = newKey();
    const input = { customerId: 'tenant-r', sku: 'SKU-R', quantity: 8 };
    sandbox.configure({ failNextCalls: 1 });
    expect((await failure(connector.create(input, { idempotencyKey: key }))).kind).toBe('transient');
    const accepted = await connector.create(input, { idempotencyKey: key });
    await awaitVendorCompletion(connector, accepted.requestId, poll);
    // A later repeat (e.g. a job run again after a crash) gets the same reference and does nothing.
    expect(await connector.create(input, { idempotencyKey: key })).toEqual(accepted);
    expect(sandbox.provisionings().byKey[key]).toBe(1);
  });

  it('provisions once when the answer is lost after the vendor acted', async () => {
    const key = newKey();
    const input = { customerId: 'tenant-l', sku: 'SKU-L', quantity: 3 };
    sandbox.configure({ lostResponseRate: 1 });
    expect((await failure(connector.create(input, { idempotencyKey: key }))).kind).toBe('transient');
    sandbox.configure({ lostResponseRate: 0 });
    const accepted = await connector.create(input, { idempotencyKey: key });
    await awaitVendorCompletion(connector, accepted.requestId, poll);
    expect(sandbox.provisionings().byKey[key]).toBe(1);
    expect(sandbox.provisionings().duplicates).toBe(0);
  });

  it('reports a request still pending after the wait as transient, without acting again', async () => {
    sandbox.configure({ completionDelayMs: 2_000 });
    try {
      const accepted = await connector.create({ customerId: 't', sku: 'S', quantity: 1 }, { idempotencyKey: newKey() });
      const error = await failure(awaitVendorCompletion(connector, accepted.requestId, { pollIntervalMs: 25, timeoutMs: 100 }));
      expect(error).toMatchObject({ kind: 'transient', code: 'StillPending' });
    } finally {
      sandbox.configure({ completionDelayMs: 100 });
    }
  });

  it('is configured by VENDOR_SANDBOX_URL and VENDOR_TIMEOUT_MS', () => {
    expect(vendorConnectorFromEnv({})).toBeUndefined();
    expect(vendorConnectorFromEnv({ VENDOR_SANDBOX_URL: sandbox.url })).toBeInstanceOf(HttpVendorConnector);
    expect(readVendorConnectorConfig({ VENDOR_SANDBOX_URL: 'http://127.0.0.1:9999/', VENDOR_TIMEOUT_MS: '2500' })).toEqual({ baseUrl: 'http://127.0.0.1:9999/', timeoutMs: 2500 });
    expect(() => readVendorConnectorConfig({ VENDOR_SANDBOX_URL: 'vendor.example' })).toThrow('VENDOR_SANDBOX_URL');
    expect(() => readVendorConnectorConfig({ VENDOR_TIMEOUT_MS: '0' })).toThrow('VENDOR_TIMEOUT_MS');
  });
});
