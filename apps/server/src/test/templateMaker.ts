// Run by globalSetup.ts as a process of its own (Vitest's global setup cannot load the server's
// modules): makes the run's prepared database and prints the variable that names it, as JSON.
import { makeTemplate } from './databaseTemplate';
import { testConfig } from './testServer';

const made = await makeTemplate(testConfig(), process.env.DATABASE_URL);
process.stdout.write(`${JSON.stringify(made)}\n`);
process.exit(0);
