import { readConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { startDemoVendorSandbox } from './provisioning/sandbox/sandboxProcess';
import { parseStartTimeoutSeconds, startStartupWatchdog } from './platform/startupWatchdog';
import { unsupportedRuntime } from './platform/runtime';

const refusal = unsupportedRuntime(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const config = readConfig();
const watchdog = startStartupWatchdog(parseStartTimeoutSeconds(process.env.START_TIMEOUT_SECONDS), (message) => {
  console.error(message);
  process.exit(1);
});
// Start-up (issue 12): the database opens (the embedded one on its own thread) while the server's
// modules load; the build keeps them in a chunk of their own so they load only here.
const [handle, { buildServer }, { ensureInitialData }, vendorSandbox] = await Promise.all([
  watchdog.step('opening the database', openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })),
  watchdog.step('loading the server', import('./app')),
  watchdog.step('loading the initial data', import('./startup/initialData')),
  // Demo mode: the vendor sandbox in a process of its own, VENDOR_SANDBOX_URL pointing at it (issue 14).
  watchdog.step('starting the vendor sandbox', startDemoVendorSandbox(config)),
]);
const firstStart = await watchdog.step('writing the initial data', ensureInitialData(handle.db, config));
const app = await watchdog.step('building the server', buildServer({ database: handle, config, logger: { level: config.logLevel } }));
await watchdog.step('listening', app.listen({ port: config.port, host: config.host }));
const steps = watchdog.done();
const startedIn = `${process.uptime().toFixed(1)} s`;

const where = `http://localhost:${config.port}`;
if (firstStart.kind === 'demo') {
  console.info(`\nDemo world loaded. Sign in at ${where} as one of: ${firstStart.usernames.join(', ')} — password: ${firstStart.password}\n`);
} else if (firstStart.kind === 'admin') {
  console.info(
    firstStart.generatedPassword
      ? `\nFirst start: sign in at ${where} as admin with the one-time password ${firstStart.generatedPassword} (shown only now).\n`
      : `\nFirst start: sign in at ${where} as admin with ADMIN_PASSWORD.\n`,
  );
} else {
  console.info(`\nCloud Marketplace portal serving at ${where} (${handle.kind}), started in ${startedIn}: ${steps}.\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await handle.close();
    await vendorSandbox?.close();
    process.exit(0);
  });
}
