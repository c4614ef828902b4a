import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { documentedOperations, requestForms, sampleOf, type DocumentedOperation, type SampleIds } from '../test/requestSamples';
import { MAX_JSON_DEPTH } from './requestInput';

// DESIGN.md security baseline: bad input answers 400, never 500 — for every operation of the OpenAPI
// document, signed in or not. Each operation gets a full sample body (optional fields too, real
// accounts, so handlers run as far as the input lets them), then each string, key and number of it
// is replaced by input a database or a recursive walk chokes on, and the body is nested 10,000 deep.

/** Bodies that reach deep into a handler, where a generated sample would stop at an unknown view. */
const HAND_WRITTEN: Record<string, (ids: SampleIds) => Record<string, unknown>> = {
  'IAuthorizationService/Authenticate': () => ({ userName: 'admin', password: DEMO_PASSWORD, mfaToken: '123456', mfaMethodId: 1 }),
  'IAccountService/UpdateAccount': ({ account }) => ({ accountId: account, viewValues: { Company: { Values: { City: 'London', Phone: '+44 20 7946 0000' } } } }),
  'IAccountService/CreateAccount': ({ account }) => ({
    account: { Views: { Account: { Values: { AccountType: 'Department', ParentAccountId: account } }, Department: { Values: { DisplayName: 'Probe' } } } },
  }),
};

type Leaf = { path: (string | number)[]; kind: 'string' | 'number' | 'key' };

/** Every string, number and object key of a sample, with its path. */
function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string') return [{ path, kind: 'string' }];
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [{ path: [...path, key], kind: 'key' as const }, ...leavesOf(item, [...path, key])]);
}

/** A copy of the sample with the value (or, for `key`, the name) at `path` replaced. */
function replaced(sample: unknown, { path, kind }: Leaf, replacement: string | number): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (kind !== 'key') {
    parent[last] = replacement;
    return copy;
  }
  return replaceKey(copy, path, String(replacement));
}

function replaceKey(root: Record<string | number, unknown>, path: (string | number)[], newKey: string): unknown {
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1]!;
  const rename = (object: Record<string | number, unknown>) => Object.fromEntries(Object.entries(object).map(([key, item]) => [key === last ? newKey : key, item]));
  if (!parentPath.length) return rename(root);
  let parent = root;
  for (const step of parentPath.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const key = parentPath[parentPath.length - 1]!;
  parent[key] = rename(parent[key] as Record<string | number, unknown>);
  return root;
}

const NESTING = 10_000;
const deepArray = '['.repeat(NESTING) + ']'.repeat(NESTING);
const deepObject = '{"a":'.repeat(NESTING) + '1' + '}'.repeat(NESTING);

let server: TestServer;
let operations: DocumentedOperation[];
let cookie: string;
let ids: SampleIds;

beforeAll(async () => {
  server = await startTestServer();
  operations = await documentedOperations(server.app);
  cookie = await signIn(server.app, 'admin');
  const idOf = async (query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
  ids = {
    account: await idOf(sql`select id from accounts where display_name = 'Contoso Ltd'`),
    user: await idOf(sql`select account_id as id from users where username = 'company.user'`),
  };
});
afterAll(async () => {
  await server?.close();
});

function samplesOf({ name, schema }: DocumentedOperation): unknown[] {
  if (HAND_WRITTEN[name]) return [HAND_WRITTEN[name](ids)];
  return requestForms(schema).map((form) => sampleOf(form, { ids, withOptional: true }));
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('refuses a NUL or a lone surrogate in any string or key with 400 naming the field', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const options = operation.isPublic ? {} : { cookie };
      for (const sample of samplesOf(operation)) {
        for (const leaf of leavesOf(sample).filter((l) => l.kind !== 'number')) {
          for (const bad of ['nul\u0000here', 'lone\uD800surrogate', 'low\uDC00first']) {
            const body = replaced(sample, leaf, bad);
            const result = await call(server.app, operation.name, body, options);
            const field = leaf.path.slice(0, -1).concat(leaf.kind === 'key' ? '' : String(leaf.path[leaf.path.length - 1])).join('.');
            const namesField = leaf.kind === 'key' || result.body.Message?.includes(field);
            if (result.status !== 400 || !namesField) failures.push(`${operation.name} ${leaf.kind} ${leaf.path.join('.')}=${JSON.stringify(bad)}: ${result.status} ${JSON.stringify(result.body)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers numbers out of every column\'s range without a server error', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const options = operation.isPublic ? {} : { cookie };
      for (const sample of samplesOf(operation)) {
        for (const leaf of leavesOf(sample).filter((l) => l.kind === 'number')) {
          for (const bad of [2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308, 0.5]) {
            const result = await call(server.app, operation.name, replaced(sample, leaf, bad), options);
            if (result.status >= 500) failures.push(`${operation.name} ${leaf.path.join('.')}=${bad}: ${result.status} ${JSON.stringify(result.body)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it(`refuses JSON nested ${NESTING} deep with 400 before parsing it, signed in or not`, async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const deep of [deepArray, deepObject]) {
        for (const rawBody of [deep, `{"${Object.keys(sampleOf(requestForms(operation.schema)[0]!, { ids }) as object)[0] ?? 'x'}":${deep}}`]) {
          const result = await call(server.app, operation.name, undefined, { rawBody, cookie });
          if (result.status !== 400) failures.push(`${operation.name} (${rawBody.slice(0, 12)}…): ${result.status} ${JSON.stringify(result.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it(`accepts nesting up to ${MAX_JSON_DEPTH} levels and counts brackets inside strings as text`, async () => {
    const nested = '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1);
    const atLimit = await call(server.app, 'IAuthorizationService/Authenticate', undefined, { rawBody: `{"userName":${nested}}` });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.Message).toContain('userName');
    const brackets = await call(server.app, 'IAccountService/Search', { searchString: '['.repeat(100) + '{'.repeat(100) }, { cookie });
    expect(brackets.status).toBe(200);
  });

  it('answers in the caller\'s language', async () => {
    const result = await call(server.app, 'ISelfCareService/RequestResetPassword', { username: 'a\u0000b' }, { headers: { 'accept-language': 'de' } });
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('username enthält ein nicht zulässiges Zeichen (ein Nullzeichen oder ein unvollständiges Surrogat).');
  });
});
