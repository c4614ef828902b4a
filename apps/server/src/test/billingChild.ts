import { openDatabase } from '../platform/db/database';
import { executeBillingRun, runOptionsOn } from '../billing/billingRun';

// The process the kill-and-resume test kills (billingKill.test.ts): it bills a run, says each payer
// it finished on stdout ("billed <id>"), and waits BILLING_DELAY_MS after each, so the test can
// `kill -9` it in the middle. BILLING_DB is a PostgreSQL URL or a PGlite data directory.

const target = process.env.BILLING_DB ?? '';
const runId = Number(process.env.BILLING_RUN_ID);
const delayMs = Number(process.env.BILLING_DELAY_MS ?? 0);

const handle = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target, dataDir: '' } : { dataDir: target });
await executeBillingRun(handle.db, runId, {
  // As the billing job runs it on this database.
  ...runOptionsOn(handle.kind),
  onPayerDone: async (payerId) => {
    process.stdout.write(`billed ${payerId}\n`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  },
});
process.stdout.write('run complete\n');
await handle.close();
