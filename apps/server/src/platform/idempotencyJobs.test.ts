import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { jobsSettled } from '../test/jobQueue';
import { startTestServer, type TestServer } from '../test/testServer';
import { accounts, idempotencyKeys } from './db/schema';
import { KEY_RETENTION_MS } from './idempotency';
import { IDEMPOTENCY_KEY_SWEEP_JOB, idempotencyJobs } from './idempotencyJobs';

// The hourly sweeper of expired Idempotency-Keys (issue 13): keys older than the retention go, fresh ones stay.

let server: TestServer;
const KEYS = ['sweep-expired', 'sweep-fresh'];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function seedKeys() {
  const db = server.handle.db;
  const [tenant] = await db.select({ id: accounts.id }).from(accounts).limit(1);
  await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.key, KEYS));
  await db.insert(idempotencyKeys).values([
    { tenantAccountId: tenant!.id, operation: 'ICustomChargeService/CreateCustomCharge', key: 'sweep-expired', requestHash: 'a', status: 'Done', createdAt: new Date(Date.now() - KEY_RETENTION_MS - 60_000) },
    { tenantAccountId: tenant!.id, operation: 'ICustomChargeService/CreateCustomCharge', key: 'sweep-fresh', requestHash: 'b', status: 'Done', createdAt: new Date(Date.now() - KEY_RETENTION_MS + 3_600_000) },
  ]);
}
const remainingKeys = async () =>
  (await server.handle.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, KEYS))).map((row) => row.key);

describe('idempotency key sweeper', () => {
  it('is an hourly cron job', () => {
    const job = idempotencyJobs.find((definition) => definition.name === IDEMPOTENCY_KEY_SWEEP_JOB);
    expect(job?.cron).toMatch(/^\d+ \* \* \* \*$/);
  });

  it('deletes an expired key and keeps a fresh one', async () => {
    await seedKeys();
    await idempotencyJobs[0]!.handler({}, { db: server.handle.db, log: server.app.log });
    expect(await remainingKeys()).toEqual(['sweep-fresh']);
  });

  it("runs on the server's job runner", async () => {
    await seedKeys();
    await server.app.jobs.send(IDEMPOTENCY_KEY_SWEEP_JOB, {});
    await jobsSettled(server.handle.db, IDEMPOTENCY_KEY_SWEEP_JOB);
    expect(await remainingKeys()).toEqual(['sweep-fresh']);
  });
});
