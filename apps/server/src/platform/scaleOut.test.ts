import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { openDatabase, type DatabaseHandle } from './db/database';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Two app nodes on one database (DESIGN.md scale-out): a change on one node must hold on the other
// from its next request, though the other node had the session cached. (The polls allow for a busy
// 2-core machine: the change arrives by NOTIFY, usually within milliseconds.)
let nodeA: TestServer;
let nodeB: FastifyInstance;
let handleB: DatabaseHandle;

beforeAll(async () => {
  nodeA = await startTestServer();
  // On PostgreSQL the second node has its own pool and listener; embedded PGlite can only be shared in-process.
  handleB = nodeA.config.databaseUrl ? await openDatabase({ databaseUrl: nodeA.config.databaseUrl, dataDir: 'memory://' }) : nodeA.handle;
  nodeB = await buildServer({ database: handleB, config: nodeA.config });
});
afterAll(async () => {
  await nodeB?.close();
  if (handleB && handleB !== nodeA.handle) await handleB.close();
  await nodeA?.close();
});

describe('several nodes', () => {
  it('ends a session on every node when it signs out on one', async () => {
    const cookie = await signIn(nodeA.app, 'company.admin');
    expect((await call(nodeB, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status).toBe(200);
    expect((await call(nodeA.app, 'IAuthorizationService/Logout', {}, { cookie })).status).toBe(200);
    await expect.poll(async () => (await call(nodeB, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).status, { timeout: 15_000 }).toBe(401);
  });

  it('applies a language change made on one node to the session user served by the other', async () => {
    const cookie = await signIn(nodeA.app, 'reseller.admin');
    expect((await call(nodeB, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).body.Locale).toBe('en');
    expect((await call(nodeA.app, 'IAuthorizationService/SetLanguage', { languageCode: 'fi' }, { cookie })).status).toBe(200);
    await expect.poll(async () => (await call(nodeB, 'IAuthorizationService/GetCurrentUser', {}, { cookie })).body.Locale, { timeout: 15_000 }).toBe('fi');
  });
});
