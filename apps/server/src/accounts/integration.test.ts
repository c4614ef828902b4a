import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, cookieHeader, DEMO_PASSWORD, startTestServer, type CallResult, type TestServer } from '../test/testServer';

// Issue 6 "Integration API (a public contract)": a partner's script, server to server — no Origin,
// no anti-forgery header, just the session cookie from Authenticate — with exactly the documented
// shapes. A change that breaks this test breaks customers.

let server: TestServer;
let cookie = '';
const op = (name: string, body: unknown) => call(server.app, `IAccountService/${name}`, body, { cookie });
const ok = (result: CallResult) => {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as unknown;
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("a reseller's integration script (issue 6 Integration API)", () => {
  it('authenticates, finds, loads, updates, lists products, creates a subscription and terminates it', async () => {
    // Authenticate: the session cookie is all the script keeps.
    const signedIn = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'reseller.admin', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    cookie = cookieHeader(signedIn.response);
    const reseller = signedIn.body as { UserAccountId: number; CompanyAccount: { AccountId: number; DisplayName: string } };
    expect(reseller.CompanyAccount.DisplayName).toBe('Northwind Cloud');

    // Search (integration form): the customer, then its subscription by a product view value.
    const companies = ok(await op('Search', { parentAccountId: reseller.CompanyAccount.AccountId, accountType: 'Company', displayName: { Value: 'contoso' } })) as { AccountId: number }[];
    expect(companies).toEqual([
      { AccountId: expect.any(Number), AccountType: 'Company', DisplayName: 'Contoso Ltd', AccountState: 'Active', Icon: 'company', ProductName: null, ProductDisplayName: null },
    ]);
    const contosoId = companies[0]!.AccountId;
    const subscriptions = ok(
      await op('Search', { parentAccountId: contosoId, accountType: 'Product', displayName: { Value: '' }, searchField: { Name: 'Domain', Value: 'contoso.example' } }),
    ) as { AccountId: number }[];
    expect(subscriptions).toEqual([
      {
        AccountId: expect.any(Number),
        AccountType: 'Product',
        DisplayName: 'Skyline Mail – Contoso',
        AccountState: 'Active',
        Icon: 'product',
        ProductName: 'SKYLINE_MAIL',
        ProductDisplayName: 'Skyline Mail',
      },
    ]);
    const mailId = subscriptions[0]!.AccountId;

    // LoadAccountById: the product's own view beside the Product view, the hierarchy from the reseller down.
    const loaded = ok(await op('LoadAccountById', { accountId: mailId })) as Record<string, unknown>;
    expect(Object.keys(loaded).sort()).toEqual(['AccountId', 'AccountState', 'AccountType', 'DisplayName', 'Hierarchy', 'ParentAccountId', 'ProductName', 'Views']);
    expect(loaded).toMatchObject({
      AccountId: mailId,
      AccountType: 'Product',
      DisplayName: 'Skyline Mail – Contoso',
      ParentAccountId: contosoId,
      AccountState: 'Active',
      ProductName: 'SKYLINE_MAIL',
      Hierarchy: [
        { AccountId: reseller.CompanyAccount.AccountId, AccountType: 'Reseller', DisplayName: 'Northwind Cloud' },
        { AccountId: contosoId, AccountType: 'Company', DisplayName: 'Contoso Ltd' },
        { AccountId: mailId, AccountType: 'Product', DisplayName: 'Skyline Mail – Contoso' },
      ],
    });
    const views = loaded.Views as Record<string, { Values: Record<string, unknown> }>;
    expect(views.Product!.Values).toMatchObject({ ProductName: 'SKYLINE_MAIL', Quantity: 25 });
    expect(views.Product_SKYLINE_MAIL!.Values).toMatchObject({ Domain: 'contoso.example', Mailboxes: 25 });

    // UpdateAccount: 200 with body null; a wrong field answers 400 naming it and writes nothing.
    const updated = await op('UpdateAccount', { accountId: mailId, viewValues: { Product_SKYLINE_MAIL: { Values: { Mailboxes: 30 } } } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.response.body).toBe('null');
    const refused = await op('UpdateAccount', { accountId: mailId, viewValues: { Product_SKYLINE_MAIL: { Values: { Mailboxes: 40, Colour: 'blue' } } } });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('Colour');
    const reloaded = ok(await op('LoadAccountById', { accountId: mailId })) as { Views: typeof views };
    expect(reloaded.Views.Product_SKYLINE_MAIL!.Values.Mailboxes).toBe(30);

    // GetPossibleProductsForAccount: what may be subscribed under the company.
    const products = ok(await op('GetPossibleProductsForAccount', { accountId: contosoId })) as { DisplayName: string; ProductName: string }[];
    expect(products).toContainEqual({ DisplayName: 'Skyline Backup', ProductName: 'SKYLINE_BACKUP' });
    for (const product of products) expect(Object.keys(product).sort()).toEqual(['DisplayName', 'ProductName']);

    // GetDefaultAccountViewsForCreate → CreateAccount with those views (an int32 sent as a numeric string is accepted).
    const defaults = ok(
      await op('GetDefaultAccountViewsForCreate', { accountType: 'Product', parentAccountId: contosoId, productName: 'SKYLINE_BACKUP', secondaryParentId: null }),
    ) as { Name: string; FieldDefinition: { Name: string; Type: string }[]; Values: Record<string, unknown> }[];
    for (const view of defaults) expect(Object.keys(view).sort()).toEqual(['FieldDefinition', 'Name', 'Values']);
    const byName = Object.fromEntries(defaults.map((view) => [view.Name, view]));
    expect(byName.Account!.Values).toMatchObject({ AccountType: 'Product', ParentAccountId: contosoId, ProductName: 'SKYLINE_BACKUP' });
    expect(byName.Product_SKYLINE_BACKUP!.FieldDefinition).toEqual(
      expect.arrayContaining([
        { Name: 'StorageGb', Type: 'int32' },
        { Name: 'RetentionDays', Type: 'int32' },
      ]),
    );
    const created = ok(
      await op('CreateAccount', {
        account: {
          Views: {
            Account: { Values: byName.Account!.Values },
            Product: { Values: { Quantity: '3' } },
            Product_SKYLINE_BACKUP: { Values: { StorageGb: '500', RetentionDays: 30 } },
          },
        },
      }),
    ) as { AccountId: number; DisplayName: string };
    expect(Object.keys(created).sort()).toEqual(['AccountId', 'DisplayName']);
    expect(created.AccountId).toEqual(expect.any(Number));
    const found = ok(
      await op('Search', { parentAccountId: contosoId, accountType: 'Product', displayName: { Value: 'backup' }, searchField: { Name: 'StorageGb', Value: 500 } }),
    ) as { AccountId: number; DisplayName: string }[];
    expect(found).toMatchObject([{ AccountId: created.AccountId, DisplayName: created.DisplayName, ProductName: 'SKYLINE_BACKUP', ProductDisplayName: 'Skyline Backup' }]);
    // The stored number is found by its text too (the index lookup tries each JSON type the value may have).
    const foundByText = ok(
      await op('Search', { parentAccountId: contosoId, accountType: 'Product', displayName: { Value: '' }, searchField: { Name: 'StorageGb', Value: '500' } }),
    ) as { AccountId: number }[];
    expect(foundByText.map((account) => account.AccountId)).toContain(created.AccountId);
    const createdAccount = ok(await op('LoadAccountById', { accountId: created.AccountId })) as { Views: typeof views };
    expect(createdAccount.Views.Product!.Values).toMatchObject({ ProductName: 'SKYLINE_BACKUP', Quantity: 3 });
    expect(createdAccount.Views.Product_SKYLINE_BACKUP!.Values).toMatchObject({ StorageGb: 500, RetentionDays: 30 });
    // The views sent back as loaded save; a new quantity is refused: it takes ChangeSubscriptionQuantity's credit check (issue 30).
    expect((await op('UpdateAccount', { accountId: created.AccountId, viewValues: { Product: { Values: { Quantity: 3 } } } })).status).toBe(200);
    const moreSeats = await op('UpdateAccount', { accountId: created.AccountId, viewValues: { Product: { Values: { Quantity: 300 } } } });
    expect(moreSeats.status).toBe(400);
    expect(moreSeats.body.Message).toContain('ChangeSubscriptionQuantity');
    expect(ok(await op('LoadAccountById', { accountId: created.AccountId }))).toMatchObject({ Views: { Product: { Values: { Quantity: 3 } } } });

    // TerminateAccount now (terminationDate null): 200, and the subscription is terminated.
    const terminated = await op('TerminateAccount', { accountId: created.AccountId, sendToSdp: false, terminationDate: null, terminatorId: reseller.UserAccountId });
    expect(terminated.status, JSON.stringify(terminated.body)).toBe(200);
    expect(terminated.response.body).toBe('null');
    expect(ok(await op('LoadAccountById', { accountId: created.AccountId }))).toMatchObject({ AccountState: 'Terminated' });
  });

  it("answers another reseller's script the same 403 for Contoso's accounts as for ids that do not exist", async () => {
    const signedIn = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'other.admin', password: DEMO_PASSWORD });
    const otherCookie = cookieHeader(signedIn.response);
    const contosoId = ((await server.handle.db.execute(sql`select id from accounts where display_name = 'Contoso Ltd'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const foreignSearch = await call(server.app, 'IAccountService/Search', { parentAccountId: contosoId, accountType: 'Product', displayName: { Value: '' } }, { cookie: otherCookie });
    const missingSearch = await call(server.app, 'IAccountService/Search', { parentAccountId: 987_654, accountType: 'Product', displayName: { Value: '' } }, { cookie: otherCookie });
    expect([foreignSearch.status, missingSearch.status]).toEqual([403, 403]);
    expect(foreignSearch.body).toEqual(missingSearch.body);
    for (const operation of ['LoadAccountById', 'GetPossibleProductsForAccount']) {
      const foreign = await call(server.app, `IAccountService/${operation}`, { accountId: contosoId }, { cookie: otherCookie });
      const missing = await call(server.app, `IAccountService/${operation}`, { accountId: 987_654 }, { cookie: otherCookie });
      expect([operation, foreign.status, missing.status]).toEqual([operation, 403, 403]);
      expect(foreign.body).toEqual(missing.body);
    }
  });

  it('refuses the same calls from a foreign web page (anti-forgery), which a script never sends', async () => {
    const forged = await call(server.app, 'IAccountService/Search', { parentAccountId: 1, accountType: 'Company', displayName: { Value: '' } }, { cookie, headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
  });
});
