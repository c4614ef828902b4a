import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { defineOperation } from './operations';
import { outboxEvents } from './db/schema';
import { ApiError } from './errors';
import { CLAIM_STALE_AFTER_MS, KEY_RETENTION_MS, canonicalJson, deleteExpiredIdempotencyKeys, requestHash, withIdempotency } from './idempotency';

// DESIGN.md "Idempotency-Key": same key and body → the stored answer, nothing done again; same key,
// other body → 422; still running → 409. Played on a probe operation that writes one row per run,
// so a test can count how often the work really ran.

const PROBE = 'IIdempotencyProbeService/Record';
const probe = defineOperation({
  service: 'IIdempotencyProbeService',
  operation: 'Record',
  summary: 'Test probe: records one outbox row per run (or fails when asked).',
  request: z.object({ value: z.string(), note: z.string().optional(), fail: z.boolean().optional() }).strict(),
  response: z.object({ EventId: z.number(), Value: z.string() }),
  async handler(input, ctx) {
    return withIdempotency(ctx, PROBE, input, async (tx) => {
      const [row] = await tx.insert(outboxEvents).values({ event: 'IdempotencyProbe', payload: { value: input.value } }).returning({ id: outboxEvents.id });
      if (input.fail) throw new ApiError(400, 'invalid_request', { detail: 'asked to fail' });
      return { EventId: row!.id, Value: input.value };
    });
  },
});

let server: TestServer;
let reseller: string;
let other: string;
const record = (body: Record<string, unknown>, key?: string, cookie = reseller) => call(server.app, PROBE, body, { cookie, headers: key === undefined ? {} : { 'idempotency-key': key } });
const runsOf = async (value: string) =>
  ((await server.handle.db.execute(sql`select count(*)::int as n from outbox_events where event = 'IdempotencyProbe' and payload->>'value' = ${value}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const tenantOf = async (username: string) =>
  ((await server.handle.db.execute(sql`select a.parent_id as id from users u join accounts a on a.id = u.account_id where u.username = ${username}`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

beforeAll(async () => {
  server = await startTestServer({}, [probe]);
  reseller = await signIn(server.app, 'reseller.admin');
  other = await signIn(server.app, 'other.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('withIdempotency', () => {
  it('runs the work every time when no key is sent', async () => {
    expect((await record({ value: 'no-key' })).status).toBe(200);
    expect((await record({ value: 'no-key' })).status).toBe(200);
    expect(await runsOf('no-key')).toBe(2);
  });

  it('answers the same key and body with the stored answer, marked as replayed, without running again', async () => {
    const first = await record({ value: 'same', note: 'a' }, 'key-same-1');
    expect(first.status).toBe(200);
    expect(first.response.headers['idempotent-replayed']).toBeUndefined();
    // The fields in another order are the same request.
    const again = await record({ note: 'a', value: 'same' }, 'key-same-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    expect(await runsOf('same')).toBe(1);
  });

  it('refuses the same key with another body (422) and does nothing', async () => {
    expect((await record({ value: 'other-a' }, 'key-other')).status).toBe(200);
    const refused = await record({ value: 'other-b' }, 'key-other');
    expect(refused.status).toBe(422);
    expect(refused.body.Message).toBe('This Idempotency-Key was already used for a different request. Send a new key with a new request.');
    expect(await runsOf('other-b')).toBe(0);
  });

  it('answers 409 while a request with the key is still running, and takes over a claim abandoned by a crashed node', async () => {
    const tenant = await tenantOf('reseller.admin');
    const hash = requestHash({ value: 'running' });
    await server.handle.db.execute(sql`insert into idempotency_keys (tenant_account_id, operation, key, request_hash, status) values (${tenant}, ${PROBE}, 'key-running', ${hash}, 'Running')`);
    const busy = await record({ value: 'running' }, 'key-running');
    expect(busy.status).toBe(409);
    expect(busy.body.Message).toContain('still being processed');
    expect(await runsOf('running')).toBe(0);

    await server.handle.db.execute(sql`update idempotency_keys set created_at = now() - make_interval(secs => ${CLAIM_STALE_AFTER_MS / 1000 + 60}) where key = 'key-running'`);
    const takenOver = await record({ value: 'running' }, 'key-running');
    expect(takenOver.status).toBe(200);
    expect(await runsOf('running')).toBe(1);
  });

  it('frees the key when the work fails, so the client may retry with it', async () => {
    const failed = await record({ value: 'retry', fail: true }, 'key-retry');
    expect(failed.status).toBe(400);
    expect(await runsOf('retry')).toBe(0);
    const keys = (await server.handle.db.execute(sql`select count(*)::int as n from idempotency_keys where key = 'key-retry'`)) as unknown as { rows: { n: number }[] };
    expect(keys.rows[0]!.n).toBe(0);
    expect((await record({ value: 'retry' }, 'key-retry')).status).toBe(200);
    expect(await runsOf('retry')).toBe(1);
  });

  it('keeps keys per tenant: another organisation may use the same key', async () => {
    expect((await record({ value: 'tenant-a' }, 'key-shared')).status).toBe(200);
    const elsewhere = await record({ value: 'tenant-b' }, 'key-shared', other);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.Value).toBe('tenant-b');
  });

  it('does the work once for concurrent requests with one key', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => record({ value: 'concurrent' }, 'key-concurrent')));
    const statuses = results.map((result) => result.status);
    expect(statuses.every((status) => status === 200 || status === 409), statuses.join()).toBe(true);
    const answered = results.filter((result) => result.status === 200);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered.map((result) => result.body.EventId)).size).toBe(1);
    expect(await runsOf('concurrent')).toBe(1);
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    for (const key of ['', 'has space', 'ü-umlaut', 'x'.repeat(256), 'a, b']) {
      const refused = await record({ value: 'malformed' }, key);
      expect(refused.status, JSON.stringify(key)).toBe(400);
      expect(refused.body.Message).toContain('Idempotency-Key');
    }
    expect(await runsOf('malformed')).toBe(0);
    expect((await record({ value: 'longest' }, 'x'.repeat(255))).status).toBe(200);
  });

  it('lets an expired key be used again, and sweeps expired keys', async () => {
    expect((await record({ value: 'expired-a' }, 'key-expired')).status).toBe(200);
    await server.handle.db.execute(sql`update idempotency_keys set created_at = now() - make_interval(secs => ${KEY_RETENTION_MS / 1000 + 60}) where key = 'key-expired'`);
    expect((await record({ value: 'expired-b' }, 'key-expired')).status).toBe(200);
    expect(await runsOf('expired-b')).toBe(1);
    await server.handle.db.execute(sql`update idempotency_keys set created_at = now() - make_interval(secs => ${KEY_RETENTION_MS / 1000 + 60}) where key = 'key-expired'`);
    expect(await deleteExpiredIdempotencyKeys(server.handle.db)).toBe(1);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
  });
});
