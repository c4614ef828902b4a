import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { OPERATION_PREFIX } from './operationRoute';
import { defineOperation } from './operations';

// Issue 11: error logs never print query parameters — a TOTP secret was logged with a failed
// insert. A probe operation fails in SQL with a secret as a parameter, and requests carry secrets
// in their query strings; the captured log lines must hold neither, but still say what failed.

const SECRET = 'JBSWY3DPEHPK3PXPSECRET';

const failingInsert = defineOperation({
  service: 'IProbeService',
  operation: 'FailInSql',
  summary: 'test probe',
  request: z.object({}).strict(),
  response: z.object({ Ok: z.boolean() }),
  async handler(_input, { db }) {
    await db.execute(sql`insert into no_such_table (secret) values (${SECRET})`);
    return { Ok: true };
  },
});

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, [failingInsert], { level: 'info', stream });
});
afterAll(async () => {
  await server?.close();
});

describe('the server log', () => {
  it('logs a failed query without its parameters, but with the statement and the database\'s reason', async () => {
    const cookie = await signIn(server.app, 'admin');
    const result = await call(server.app, 'IProbeService/FailInSql', {}, { cookie });
    expect(result.status).toBe(500);
    const errorLine = lines.find((line) => line.includes('unhandled error'));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain('insert into no_such_table');
    expect(errorLine).toContain('no_such_table');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('logs requests without their query string', async () => {
    await server.app.inject({ method: 'GET', url: `/healthz?secret=${SECRET}` });
    await server.app.inject({ method: 'POST', url: `${OPERATION_PREFIX}/IAuthorizationService/PingPong?otpauth=${SECRET}`, payload: {} });
    const requestLines = lines.filter((line) => line.includes('/healthz') || line.includes('PingPong'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.some((line) => line.includes('/healthz?[redacted]'))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});
