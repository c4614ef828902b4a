import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authOperations } from '../auth/operations';
import { userIdByName } from '../users/demoLookups';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { defineOperation, type OperationDefinition } from './operations';

// Issue 12: an answer flagged answerCachedPerSession (GetCurrentUser) is serialised once per cached
// session and sent again as is; it must read exactly as the uncached answer and go stale never:
// any mutating operation clears the session cache, and the next call computes it anew.

let computations = 0;
const countedAnswer = defineOperation({
  service: 'IProbeService',
  operation: 'CountedAnswer',
  summary: 'test probe',
  readOnly: true,
  answerCachedPerSession: true,
  request: z.object({}).strict(),
  response: z.object({ Computations: z.number() }),
  handler: async () => ({ Computations: ++computations }),
});
const keepingChange = defineOperation({
  service: 'IProbeService',
  operation: 'KeepingChange',
  summary: 'test probe',
  keepsSessions: true,
  request: z.object({}).strict(),
  response: z.object({}),
  handler: async () => ({}),
});
const getCurrentUser = authOperations.find((def) => def.operation === 'GetCurrentUser')!;
// The same operation as every other one is answered: serialised by Fastify on each call.
const uncachedCurrentUser: OperationDefinition = { ...getCurrentUser, service: 'IProbeService', operation: 'UncachedCurrentUser', answerCachedPerSession: false };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, [countedAnswer, keepingChange, uncachedCurrentUser]);
});
afterAll(async () => {
  await server?.close();
});

const headersBesidesDate = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

describe('an answer cached per session', () => {
  it('is computed once per session until a mutating operation clears the cache', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const first = await call(server.app, 'IProbeService/CountedAnswer', {}, { cookie });
    expect((await call(server.app, 'IProbeService/CountedAnswer', {}, { cookie })).body).toEqual(first.body);
    expect((await call(server.app, 'IAuthorizationService/SetLanguage', { languageCode: 'de' }, { cookie })).status).toBe(200);
    expect((await call(server.app, 'IProbeService/CountedAnswer', {}, { cookie })).body.Computations).toBe((first.body.Computations as number) + 1);
  });

  it('is kept by an operation that changes nothing a session holds (keepsSessions: an order, a subscription change)', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const first = await call(server.app, 'IProbeService/CountedAnswer', {}, { cookie });
    expect((await call(server.app, 'IProbeService/KeepingChange', {}, { cookie })).status).toBe(200);
    expect((await call(server.app, 'IProbeService/CountedAnswer', {}, { cookie })).body).toEqual(first.body);
  });

  it('sends GetCurrentUser byte for byte as the uncached answer, with the same headers', async () => {
    const cookie = await signIn(server.app, 'company.admin');
    const uncached = await call(server.app, 'IProbeService/UncachedCurrentUser', {}, { cookie });
    const computed = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
    const cached = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
    expect(uncached.status).toBe(200);
    expect(uncached.body.Username).toBe('company.admin');
    for (const answer of [computed, cached]) {
      expect(answer.response.rawPayload.equals(uncached.response.rawPayload)).toBe(true);
      expect(headersBesidesDate(answer.response.headers)).toEqual(headersBesidesDate(uncached.response.headers));
    }
    expect(cached.response.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  });

  it("shows a change of the user's roles and language in the next GetCurrentUser", async () => {
    const admin = await signIn(server.app, 'company.admin');
    const user = await signIn(server.app, 'company.user');
    const before = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: user });
    const capabilities = (answer: typeof before) => answer.body.Capability as unknown[];

    // Every role the administrator may give, where the user held only 'Company user'.
    const carl = await userIdByName(server.handle.db, 'company.user');
    const roles = (await call(server.app, 'IAccountService/GetUserRoles', { userAccountId: carl }, { cookie: admin })).body.Roles as { RoleId: number }[];
    expect((await call(server.app, 'IAccountService/SetUserRoles', { userAccountId: carl, roleIds: roles.map((r) => r.RoleId) }, { cookie: admin })).status).toBe(200);
    const after = await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: user });
    expect(capabilities(after).length).toBeGreaterThan(capabilities(before).length);

    expect(after.body.Locale).not.toBe('fi');
    expect((await call(server.app, 'IAuthorizationService/SetLanguage', { languageCode: 'fi' }, { cookie: user })).status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: user })).body.Locale).toBe('fi');
  });

  it('is refused for an operation that changes something', () => {
    const changing = { service: 'IProbeService', operation: 'ChangeAndCache', summary: 'test probe', request: z.object({}), response: z.object({}) } as const;
    expect(() => defineOperation({ ...changing, answerCachedPerSession: true, handler: async () => ({}) })).toThrow(/readOnly/);
  });
});
