import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer, type BuildOptions } from '../app';
import { readConfig, type ServerConfig } from '../platform/config';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { ensureInitialData } from '../startup/initialData';
import { OPERATION_PREFIX } from '../platform/operationRoute';
import type { OperationDefinition } from '../platform/operations';
import { createScratchDatabase } from './scratchDatabase';
import { usableTemplate } from './databaseTemplate';
import { runDataChecks } from '../adminConsole/dataChecks';

export const DEMO_PASSWORD = 'Demo-Password-2024!';

export interface TestServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: ServerConfig;
  close(): Promise<void>;
}

/** The API tests' server settings: the demo world on a database in memory, no portal files. */
export function testConfig(): ServerConfig {
  return { ...readConfig({}), dataDir: 'memory://', loadDemoData: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent' };
}

/**
 * A real server on a real, fresh database: in-memory PGlite, or — when DATABASE_URL is set, as the
 * second CI pass does — a new database with a random name on that PostgreSQL server, dropped after.
 * Both start as a copy of the run's prepared demo world when there is one (databaseTemplate.ts).
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, extraOperations: OperationDefinition[] = [], logger: BuildOptions['logger'] = false): Promise<TestServer> {
  const postgresUrl = process.env.DATABASE_URL;
  const template = usableTemplate(postgresUrl ? 'postgres' : 'pglite', overrides);
  const scratch = postgresUrl ? await createScratchDatabase(postgresUrl, 'cmp_test', template) : undefined;
  const databaseUrl = scratch?.url;
  const dropDatabase = async () => scratch?.drop();
  const config: ServerConfig = { ...testConfig(), databaseUrl, ...overrides };
  const handle = await openDatabase({ databaseUrl, dataDir: config.dataDir, pgliteTemplate: postgresUrl ? undefined : template });
  // On a copy of the prepared world this finds the accounts there and only checks the view definitions.
  await ensureInitialData(handle.db, config);
  const app = await buildServer({ database: handle, config, extraOperations, logger });
  return {
    app,
    handle,
    config,
    async close() {
      // Issue 30: whatever a test did, the states the data checks look for must not remain.
      const findings = (await runDataChecks(handle.db)).filter((c) => c.Total > 0);
      await app.close();
      await handle.close();
      await dropDatabase();
      if (findings.length > 0) throw new Error(`data checks found rows at the end of the test: ${JSON.stringify(findings)}`);
    },
  };
}

export interface CallResult {
  status: number;
  body: Record<string, unknown> & { Message?: string };
  response: LightMyRequestResponse;
}

/** Calls an operation as a server-to-server client would (no Origin, so no anti-forgery token needed). */
export async function call(
  app: FastifyInstance,
  operation: string,
  body: unknown = {},
  options: { cookie?: string; headers?: Record<string, string>; rawBody?: string; remoteAddress?: string } = {},
): Promise<CallResult> {
  const response = await app.inject({
    method: 'POST',
    url: `${OPERATION_PREFIX}/${operation}`,
    headers: {
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: options.rawBody ?? JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const text = response.body;
  return { status: response.statusCode, body: text ? JSON.parse(text) : {}, response };
}

/** Signs a demo user in and answers the cookie header to send with later calls. */
export async function signIn(app: FastifyInstance, userName: string, password = DEMO_PASSWORD, remoteAddress?: string): Promise<string> {
  const result = await call(app, 'IAuthorizationService/Authenticate', { userName, password }, { remoteAddress });
  if (result.status !== 200) throw new Error(`sign-in of ${userName} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return cookieHeader(result.response);
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
