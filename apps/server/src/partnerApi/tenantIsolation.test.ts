import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../platform/db/rowsOf';
import { startTestServer, type TestServer } from '../test/testServer';
import { PARTNER_OPERATIONS } from './partnerOperations';
import { partnerCall, partnerToken } from './test/partnerClient';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const idOf = async (where: ReturnType<typeof sql>) => Number((await rowsOf<{ id: number }>(server.handle.db, sql`select id from accounts where ${where} limit 1`))[0]!.id);

/**
 * Every partner operation that names an account, called by another reseller's token with Northwind's
 * ids: each must refuse (403, the same as for a missing id) and change nothing. A new operation must
 * be added here, or the first test fails.
 */
describe('SimpleAPI tenant isolation (issue 33)', () => {
  const bodies = async (): Promise<Record<string, unknown>> => {
    const reseller = await idOf(sql`display_name = 'Northwind Cloud'`);
    const company = await idOf(sql`display_name = 'Contoso Ltd'`);
    const department = await idOf(sql`type = 'Department' and path like ${`%/${company}/%`}`);
    const user = await idOf(sql`type = 'User' and path like ${`%/${company}/%`}`);
    const subscription = await idOf(sql`type = 'Product' and path like ${`%/${company}/%`}`);
    const organisation = { Address: 'a', City: 'c', CompanyName: 'Stolen', Country: 'GB', Email: 'e@x.example', Zip: 'z', Domain: [], Marketplaces: [] };
    return {
      GetCompany: { accountId: company },
      GetCompanies: { parentAccountId: reseller },
      GetReseller: { accountId: reseller },
      GetResellers: { parentAccountId: reseller },
      CreateCompany: { companyAccount: { ...organisation, ParentAccountId: reseller } },
      CreateReseller: { resellerAccount: { ...organisation, ParentAccountId: reseller } },
      UpdateCompany: { company: { ...organisation, AccountId: company } },
      UpdateReseller: { reseller: { ...organisation, AccountId: reseller } },
      TerminateAccount: { accountId: company },
      CreateDepartment: { departmentAccount: { ParentAccountId: company, DepartmentName: 'Stolen' } },
      UpdateDepartment: { department: { AccountId: department, DepartmentName: 'Stolen' } },
      GetDepartment: { accountId: department },
      GetDepartments: { parentAccountId: company },
      GetUser: { accountId: user },
      GetUsers: { companyAccountId: company },
      CreateUser: { userAccount: { Email: 'e@x.example', FirstName: 'E', LastName: 'V', ParentAccountId: company, Username: 'eve.stolen' } },
      UpdateUser: { user: { AccountId: user, FirstName: 'E', LastName: 'V' } },
      GetCreditLimit: { accountId: company },
      SetCreditLimit: { accountId: company, limit: 1, comment: 'stolen' },
      GetSubscription: { accountId: subscription },
      GetSubscriptions: { parentAccountId: company },
    };
  };
  const WITHOUT_ACCOUNT = new Set(['GetSessionToken', 'TerminateSessionToken', 'PingPong']);

  it('covers every partner operation that names an account', async () => {
    const covered = Object.keys(await bodies()).sort();
    const named = PARTNER_OPERATIONS.map((def) => def.name).filter((name) => !WITHOUT_ACCOUNT.has(name)).sort();
    expect(covered).toEqual(named);
  });

  it('answers another reseller 403 on every one of them, and nothing changes', async () => {
    const token = await partnerToken(server.app, 'other.admin');
    const count = async () => (await rowsOf<{ n: number; audit: number }>(server.handle.db, sql`select (select count(*) from accounts)::int as n, (select count(*) from audit_log where action not in ('SignIn', 'SignInFailed'))::int as audit`))[0]!;
    const before = await count();
    const leaks: string[] = [];
    for (const [operation, body] of Object.entries(await bodies())) {
      const answer = await partnerCall(server.app, operation, body, { token });
      if (answer.status !== 403) leaks.push(`${operation}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
    expect(await count()).toEqual(before);
  });
});
