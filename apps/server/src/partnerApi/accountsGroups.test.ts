import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../platform/db/rowsOf';
import { startTestServer, type TestServer } from '../test/testServer';
import { assertDefinitionAnswer, partnerCall, partnerToken } from './test/partnerClient';

let server: TestServer;
let token: string;
let contosoId: number;
beforeAll(async () => {
  server = await startTestServer();
  token = await partnerToken(server.app, 'reseller.admin');
  const [row] = await rowsOf<{ id: number }>(server.handle.db, sql`select id from accounts where display_name = 'Contoso Ltd' limit 1`);
  contosoId = Number(row!.id);
});
afterAll(async () => {
  await server?.close();
});

describe('SimpleAPI Departments (issue 33)', () => {
  it('creates, reads, lists and renames a department with the definition\'s bodies and answers', async () => {
    const created = await partnerCall(server.app, 'CreateDepartment', { departmentAccount: { ParentAccountId: contosoId, DepartmentName: 'Research', Address: 'ignored 1' } }, { token });
    expect(created.status).toBe(200);
    assertDefinitionAnswer('CreateDepartment', created.json);
    const department = created.json as { AccountId: number; DepartmentName: string; City: string };
    expect(department.DepartmentName).toBe('Research');

    const one = await partnerCall(server.app, 'GetDepartment', { accountId: department.AccountId }, { token });
    assertDefinitionAnswer('GetDepartment', one.json);
    const list = await partnerCall(server.app, 'GetDepartments', { parentAccountId: contosoId }, { token });
    assertDefinitionAnswer('GetDepartments', list.json);
    expect((list.json as { DepartmentName: string }[]).map((d) => d.DepartmentName)).toContain('Research');

    const renamed = await partnerCall(server.app, 'UpdateDepartment', { department: { AccountId: department.AccountId, DepartmentName: 'Research & Development' } }, { token });
    expect(renamed.status).toBe(200);
    const after = await partnerCall(server.app, 'GetDepartment', { accountId: department.AccountId }, { token });
    expect((after.json as { DepartmentName: string }).DepartmentName).toBe('Research & Development');
    const audited = await rowsOf<{ action: string }>(server.handle.db, sql`select action from audit_log where account_id = ${department.AccountId} order by id`);
    expect(audited.map((entry) => entry.action)).toEqual(expect.arrayContaining(['AccountCreated', 'AccountUpdated']));
  });

  it('refuses a department without a name as the portal does, naming the field, and writes nothing', async () => {
    const before = await rowsOf<{ n: number }>(server.handle.db, sql`select count(*)::int as n from accounts where type = 'Department'`);
    const answer = await partnerCall(server.app, 'CreateDepartment', { departmentAccount: { ParentAccountId: contosoId, DepartmentName: '' } }, { token });
    expect(answer.status).toBe(400);
    expect(answer.fault?.message.length).toBeGreaterThan(0);
    const after = await rowsOf<{ n: number }>(server.handle.db, sql`select count(*)::int as n from accounts where type = 'Department'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('SimpleAPI User (issue 33)', () => {
  it('creates a user under a company, reads it, lists the company\'s users and updates the name', async () => {
    const created = await partnerCall(
      server.app,
      'CreateUser',
      { userAccount: { Email: 'ada.partner@contoso.example', FirstName: 'Ada', LastName: 'Partner', ParentAccountId: contosoId, Username: 'ada.partner' } },
      { token },
    );
    expect(created.status).toBe(200);
    assertDefinitionAnswer('CreateUser', created.json);
    const user = created.json as { AccountId: number; Username: string; LastLogon: string };
    expect(user.Username).toBe('ada.partner');

    const one = await partnerCall(server.app, 'GetUser', { accountId: user.AccountId }, { token });
    assertDefinitionAnswer('GetUser', one.json);
    const list = await partnerCall(server.app, 'GetUsers', { companyAccountId: contosoId }, { token });
    assertDefinitionAnswer('GetUsers', list.json);
    expect((list.json as { Username: string }[]).map((u) => u.Username)).toEqual(expect.arrayContaining(['ada.partner', 'company.admin']));

    const updated = await partnerCall(server.app, 'UpdateUser', { user: { AccountId: user.AccountId, FirstName: 'Ada', LastName: 'Lovelace' } }, { token });
    expect(updated.status).toBe(200);
    const after = await partnerCall(server.app, 'GetUser', { accountId: user.AccountId }, { token });
    expect((after.json as { LastName: string }).LastName).toBe('Lovelace');
  });

  it('GetUser without an id answers the token\'s own user', async () => {
    const own = await partnerCall(server.app, 'GetUser', {}, { token });
    expect((own.json as { Username: string }).Username).toBe('reseller.admin');
  });

  it('a duplicate user name is refused with the portal\'s message', async () => {
    const answer = await partnerCall(
      server.app,
      'CreateUser',
      { userAccount: { Email: 'x@contoso.example', FirstName: 'X', LastName: 'Y', ParentAccountId: contosoId, Username: 'company.admin' } },
      { token },
    );
    expect(answer.status).toBe(400);
    expect(answer.fault?.message).toMatch(/Username|user name|taken|already/i);
  });

  it('another reseller reaches none of these accounts (tenant isolation)', async () => {
    const other = await partnerToken(server.app, 'other.admin');
    const calls: [string, unknown][] = [
      ['GetUsers', { companyAccountId: contosoId }],
      ['GetDepartments', { parentAccountId: contosoId }],
      ['CreateDepartment', { departmentAccount: { ParentAccountId: contosoId, DepartmentName: 'Stolen' } }],
      ['CreateUser', { userAccount: { Email: 'e@x.example', FirstName: 'E', LastName: 'V', ParentAccountId: contosoId, Username: 'eve.other' } }],
      ['GetUser', { accountId: contosoId }],
    ];
    for (const [operation, body] of calls) {
      const answer = await partnerCall(server.app, operation, body, { token: other });
      expect(answer.status, operation).toBe(403);
    }
  });
});

describe('SimpleAPI Subscription (issue 33)', () => {
  it('GetSubscriptions lists a company\'s subscriptions in the definition\'s shape; GetSubscription reads one', async () => {
    const list = await partnerCall(server.app, 'GetSubscriptions', { parentAccountId: contosoId }, { token });
    expect(list.status, list.text).toBe(200);
    assertDefinitionAnswer('GetSubscriptions', list.json);
    const subscriptions = list.json as { AccountId: number; ServiceName: string; CompanyAccountId: number; PriceableItems: { SalesPrice: number; PurchasePrice: number }[] }[];
    expect(subscriptions.length).toBeGreaterThan(0);
    expect(subscriptions.every((s) => s.CompanyAccountId === contosoId)).toBe(true);

    const one = await partnerCall(server.app, 'GetSubscription', { accountId: subscriptions[0]!.AccountId }, { token });
    expect(one.status, one.text).toBe(200);
    assertDefinitionAnswer('GetSubscription', one.json);
    expect((one.json as { ServiceName: string }).ServiceName).toBe(subscriptions[0]!.ServiceName);
  });

  it('never answers a seller\'s cost to the customer, and a company\'s id is not a subscription', async () => {
    const customer = await partnerToken(server.app, 'company.admin');
    const list = await partnerCall(server.app, 'GetSubscriptions', { parentAccountId: contosoId }, { token: customer });
    expect(list.status).toBe(200);
    const items = (list.json as { PriceableItems: { PurchasePrice: number }[] }[]).flatMap((s) => s.PriceableItems);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.PurchasePrice === 0)).toBe(true);
    const notOne = await partnerCall(server.app, 'GetSubscription', { accountId: contosoId }, { token });
    expect(notOne.status).toBe(404);
    expect(notOne.fault?.message).toContain('is not a subscription');
  });
});
