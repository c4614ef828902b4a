import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESEND_MAIL_JOB } from '../adminConsole/mailOutboxOperations';
import { INVOICE_FILES_JOB } from '../billing/invoiceFiles';
import { BILLING_RUN_JOB } from '../billing/billingRun';
import { IMPORT_JOB } from '../imports/importRunner';
import { TERMINATION_JOB } from '../accounts/lifecycle/terminateAccounts';
import { PROPAGATION_JOB } from '../pricing/propagation';
import { startTestServer, type TestServer } from '../test/testServer';

// Issue 31: each queue whose job names one task takes the same task once — the second send is refused
// by the queue (pg-boss 12's exclusive policy), on the server's real job definitions. The jobs are
// sent for an hour later, so no handler runs and the database is left as it was.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const TASK_QUEUES = [RESEND_MAIL_JOB, INVOICE_FILES_JOB, BILLING_RUN_JOB, IMPORT_JOB, TERMINATION_JOB, PROPAGATION_JOB];

describe('queues of one job per task', () => {
  it.each(TASK_QUEUES)('%s takes the same task once', async (queue) => {
    const startAfter = new Date(Date.now() + 3_600_000);
    const key = `policy-check-${queue}`;
    const first = await server.app.jobs.sendOnce(queue, { probe: 1 }, { startAfter, singletonKey: key });
    const second = await server.app.jobs.sendOnce(queue, { probe: 2 }, { startAfter, singletonKey: key });
    expect([first, second]).toEqual([true, false]);
    const rows = (await server.handle.db.execute(
      sql`select data from pgboss.job where name = ${queue} and singleton_key = ${key} and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { data: { probe: number } }[] };
    expect(rows.rows.map((row) => row.data.probe)).toEqual([1]);
    await server.handle.db.execute(sql`delete from pgboss.job where name = ${queue} and singleton_key = ${key}`);
  });
});
