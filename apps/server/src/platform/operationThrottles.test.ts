import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { documentedOperations } from '../test/requestSamples';
import { ApiError } from './errors';
import { OPERATION_THROTTLES, enforceThrottle, type Throttle } from './operationThrottles';
import { countRequest } from './requestLimits';

// Issue 30 item 11: expensive operations are limited per user and per tenant; over a limit 429 with Retry-After.
let server: TestServer;
let companyAdmin: string;
let contosoId: number;

beforeAll(async () => {
  server = await startTestServer();
  companyAdmin = await signIn(server.app, 'company.admin');
  const me = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: companyAdmin });
  contosoId = Number((me.body as { CompanyAccount: { AccountId: number } }).CompanyAccount.AccountId);
});
afterAll(async () => server?.close());

describe('operation throttles', () => {
  it('names only operations that exist', async () => {
    const documented = new Set((await documentedOperations(server.app)).map((op) => op.name));
    for (const key of Object.keys(OPERATION_THROTTLES)) expect(documented, key).toContain(key);
  });

  it('answers 429 with Retry-After once a user has used up an export’s limit', async () => {
    const { max, windowSeconds } = OPERATION_THROTTLES['IAccountService/ExportUsers']!.perUser;
    for (let i = 0; i < max; i++) {
      const ok = await call(server.app, 'IAccountService/ExportUsers', { accountId: contosoId }, { cookie: companyAdmin });
      expect(ok.status, `export ${i + 1}`).toBe(200);
    }
    const refused = await call(server.app, 'IAccountService/ExportUsers', { accountId: contosoId }, { cookie: companyAdmin });
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toBe('Too many requests. Please wait and try again.');
    const retryAfter = Number(refused.response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    // Another person of another tenant is not held up by it.
    const other = await signIn(server.app, 'reseller.admin');
    expect((await call(server.app, 'IAccountService/ExportUsers', { accountId: contosoId }, { cookie: other })).status).toBe(200);
  });

  it('holds a tenant’s limit across its users, and counts only the calls it applies to', async () => {
    const throttles: Record<string, Throttle> = {
      'ITestService/Export': { perUser: { max: 5, windowSeconds: 60 }, perTenant: { max: 3, windowSeconds: 60 }, appliesTo: (input) => (input as { excel: boolean }).excel },
    };
    const db = server.handle.db;
    const person = (id: number) => ({ userAccount: { id }, companyAccount: { id: 424_242 } });
    await enforceThrottle(db, 'ITestService/Export', { excel: true }, person(1), throttles);
    await enforceThrottle(db, 'ITestService/Export', { excel: true }, person(2), throttles);
    for (let i = 0; i < 10; i++) await enforceThrottle(db, 'ITestService/Export', { excel: false }, person(3), throttles);
    await enforceThrottle(db, 'ITestService/Export', { excel: true }, person(3), throttles);
    const fourth = await enforceThrottle(db, 'ITestService/Export', { excel: true }, person(4), throttles).catch((e: unknown) => e);
    expect(fourth).toBeInstanceOf(ApiError);
    expect((fourth as ApiError).statusCode).toBe(429);
    expect(Number((fourth as ApiError).headers['Retry-After'])).toBeGreaterThan(0);
  });

  it('loses no count when calls race', async () => {
    const limit = { scope: 'test-race', max: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => countRequest(server.handle.db, limit, 'racer')));
    expect(results.filter((r) => !r.isOverLimit)).toHaveLength(10);
  });
});
