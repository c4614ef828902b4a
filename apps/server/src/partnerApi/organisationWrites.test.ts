import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../platform/db/rowsOf';
import { startTestServer, type TestServer } from '../test/testServer';
import { assertDefinitionAnswer, partnerCall, partnerToken } from './test/partnerClient';

let server: TestServer;
let token: string;
let resellerId: number;
beforeAll(async () => {
  server = await startTestServer();
  token = await partnerToken(server.app, 'reseller.admin');
  resellerId = ((await partnerCall(server.app, 'GetReseller', {}, { token })).json as { AccountId: number }[])[0]!.AccountId;
});
afterAll(async () => {
  await server?.close();
});

// The definition's example body of CreateCompany, as partners' scripts send it.
const exampleCompany = (parent: number, name: string) => ({
  companyAccount: {
    Address: '1 Chapel Hill',
    City: 'Bournemouth',
    CompanyName: name,
    ContractId: '',
    PurchaseOrderNumber: '',
    Country: 'United Kingdom',
    CrefoNumber: '',
    CustomerId: '',
    Domain: ['example.com', 'example.net'],
    Email: 'info@example.com',
    Marketplaces: [],
    ParentAccountId: parent,
    VATID: 'GB999999973',
    Zip: 'BH1 1AA',
    TechnicalEmail: 'account@account.com',
    ContactPhone: '123456789',
    State: 'Dorset',
    CreateDefaultAdminUser: false,
  },
});

describe('SimpleAPI Company and Reseller writes (issue 33)', () => {
  it('CreateCompany with the definition\'s example body answers the new company; UpdateCompany changes it', async () => {
    const created = await partnerCall(server.app, 'CreateCompany', exampleCompany(resellerId, 'Example Ltd.'), { token });
    expect(created.status, created.text).toBe(200);
    assertDefinitionAnswer('CreateCompany', created.json);
    const company = created.json as { AccountId: number; CompanyName: string; Country: string; City: string; VATID: string };
    expect(company).toMatchObject({ CompanyName: 'Example Ltd.', Country: 'United Kingdom', City: 'Bournemouth', VATID: 'GB999999973' });

    const updated = await partnerCall(
      server.app,
      'UpdateCompany',
      { company: { AccountId: company.AccountId, Address: '2 Chapel Hill', City: 'Poole', CompanyName: 'Example Holdings Ltd.', Domain: [], Email: 'hello@example.com', Zip: 'BH15 1AA' } },
      { token },
    );
    expect(updated.status, updated.text).toBe(200);
    const [after] = (await partnerCall(server.app, 'GetCompany', { accountId: company.AccountId }, { token })).json as { CompanyName: string; City: string; Address: string }[];
    expect(after).toMatchObject({ CompanyName: 'Example Holdings Ltd.', City: 'Poole', Address: '2 Chapel Hill' });
  });

  it('names an unknown country, and writes nothing', async () => {
    const body = exampleCompany(resellerId, 'Nowhere Ltd.');
    body.companyAccount.Country = 'Atlantis';
    const answer = await partnerCall(server.app, 'CreateCompany', body, { token });
    expect(answer.status).toBe(400);
    expect(answer.fault?.message).toContain('Atlantis');
    const rows = await rowsOf<{ n: number }>(server.handle.db, sql`select count(*)::int as n from accounts where display_name = 'Nowhere Ltd.'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('TerminateAccount terminates a company through the portal\'s rules', async () => {
    const created = (await partnerCall(server.app, 'CreateCompany', exampleCompany(resellerId, 'Short Lived Ltd.'), { token })).json as { AccountId: number };
    const answer = await partnerCall(server.app, 'TerminateAccount', { accountId: created.AccountId, terminationReason: 'Customer left' }, { token });
    expect(answer.status, answer.text).toBe(200);
    const [after] = (await partnerCall(server.app, 'GetCompany', { accountId: created.AccountId }, { token })).json as { AccountState: string }[];
    expect(after!.AccountState).toBe('Terminated');
  });

  it('a company user may not create companies: the portal\'s capability check answers', async () => {
    const user = await partnerToken(server.app, 'company.user');
    const answer = await partnerCall(server.app, 'CreateCompany', exampleCompany(resellerId, 'Sneaky Ltd.'), { token: user });
    expect(answer.status).toBe(403);
    expect(answer.fault?.isSessionExpired).toBe(false);
  });
});

describe('SimpleAPI Credit check (issue 33)', () => {
  it('SetCreditLimit with a comment, GetCreditLimit reads it back in the definition\'s record; leaving the limit out removes it', async () => {
    const [contoso] = (await partnerCall(server.app, 'GetCompanies', { parentAccountId: resellerId }, { token })).json as { AccountId: number; CompanyName: string }[];
    const set = await partnerCall(server.app, 'SetCreditLimit', { accountId: contoso!.AccountId, limit: 6000, comment: 'credit reason' }, { token });
    expect(set.status, set.text).toBe(200);
    const read = await partnerCall(server.app, 'GetCreditLimit', { accountId: contoso!.AccountId }, { token });
    expect(read.status, read.text).toBe(200);
    assertDefinitionAnswer('GetCreditLimit', read.json);
    expect(read.json).toMatchObject({ Comment: 'credit reason', Limit: 6000, HasCreditLimit: true });
    expect((read.json as { Date: string }).Date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);

    await partnerCall(server.app, 'SetCreditLimit', { accountId: contoso!.AccountId, comment: 'no limit any more' }, { token });
    const removed = await partnerCall(server.app, 'GetCreditLimit', { accountId: contoso!.AccountId }, { token });
    expect(removed.json).toMatchObject({ HasCreditLimit: false, Comment: 'no limit any more' });
  });

  it('a comment is required, and only the company\'s seller may set a limit', async () => {
    const [contoso] = (await partnerCall(server.app, 'GetCompanies', { parentAccountId: resellerId }, { token })).json as { AccountId: number }[];
    const noComment = await partnerCall(server.app, 'SetCreditLimit', { accountId: contoso!.AccountId, limit: 1 }, { token });
    expect(noComment.status).toBe(400);
    expect(noComment.fault?.message).toContain('comment');
    const companyAdmin = await partnerToken(server.app, 'company.admin');
    const own = await partnerCall(server.app, 'SetCreditLimit', { accountId: contoso!.AccountId, limit: 99999, comment: 'raise my own' }, { token: companyAdmin });
    expect(own.status).toBe(403);
  });
});
