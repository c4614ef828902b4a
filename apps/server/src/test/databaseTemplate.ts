import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../platform/config';
import { migrationsFolder, openDatabase, startPgliteHere, type Database } from '../platform/db/database';
import { ensureInitialData } from '../startup/initialData';
import { runOnServer } from './scratchDatabase';

/**
 * The API tests' prepared world. Each test file starts a server on a fresh database; migrating it and
 * loading the demo world took about 3.5 s on PGlite, for every one of more than a hundred starts. The
 * Vitest run prepares that database once (globalSetup.ts, templateMaker.ts) and each start copies it: PGlite from an
 * archive of its data folder, PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export interface DatabaseTemplate {
  /** The PGlite archive, or the PostgreSQL template database's name. */
  source: string;
  /** The UTC day it was made: the demo world's dates are relative to it, so another day makes it stale. */
  day: string;
}

const PGLITE_VARIABLE = 'CMP_TEST_PGLITE_TEMPLATE';
const POSTGRES_VARIABLE = 'CMP_TEST_POSTGRES_TEMPLATE';
const today = () => new Date().toISOString().slice(0, 10);

/** The template a test server may start from: none when the world it wants differs or the day has changed. */
export function usableTemplate(kind: 'pglite' | 'postgres', overrides: Partial<ServerConfig>): string | undefined {
  const world: (keyof ServerConfig)[] = ['loadDemoData', 'demoPassword', 'dataDir', 'databaseUrl', 'adminPassword'];
  if (world.some((key) => key in overrides)) return undefined;
  const raw = process.env[kind === 'pglite' ? PGLITE_VARIABLE : POSTGRES_VARIABLE];
  if (!raw) return undefined;
  const template = JSON.parse(raw) as DatabaseTemplate;
  return template.day === today() ? template.source : undefined;
}

/**
 * Makes this run's template (PostgreSQL's when `postgresUrl` is given, PGlite's otherwise) and answers
 * the environment variable that tells the test servers where it is. `config` is the tests' own.
 */
export async function makeTemplate(config: ServerConfig, postgresUrl: string | undefined): Promise<{ variable: string; template: DatabaseTemplate }> {
  const day = today();
  if (postgresUrl) {
    const name = `cmp_test_template_${process.pid}_${Date.now()}`;
    await runOnServer(postgresUrl, `create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await ensureInitialData(handle.db, config);
    } finally {
      await handle.close();
    }
    return { variable: POSTGRES_VARIABLE, template: { source: name, day } };
  }
  const archive = path.join(mkdtempSync(path.join(tmpdir(), 'cmp-test-template-')), 'pglite.tar');
  const client = await startPgliteHere(undefined);
  try {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    await ensureInitialData(db as unknown as Database, config);
    const dump = await client.dumpDataDir('none');
    writeFileSync(archive, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return { variable: PGLITE_VARIABLE, template: { source: archive, day } };
}

/** Removes a template made by makeTemplate. */
export async function removeTemplate(template: DatabaseTemplate, postgresUrl: string | undefined): Promise<void> {
  if (postgresUrl) await runOnServer(postgresUrl, `drop database if exists ${template.source} with (force)`);
  else rmSync(path.dirname(template.source), { recursive: true, force: true });
}
