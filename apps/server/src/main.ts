import { buildServer } from './app';
import { readConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { ensureInitialData } from './platform/initialData';

const config = readConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const firstStart = await ensureInitialData(handle.db, config);
const app = await buildServer({ database: handle, config, logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });

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
  console.info(`\nCloud Marketplace portal serving at ${where} (${handle.kind}).\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  });
}
