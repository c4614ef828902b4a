import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';

let server: TestServer;
const cookies: Record<string, string> = {};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const accountIdOf = async (displayName: string) => (await rows<{ id: number }>(sql`select id from accounts where display_name = ${displayName}`))[0]!.id;
const accountCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from accounts`))[0]!.n;
const as = async (user: string) => (cookies[user] ??= await signIn(server.app, user));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GetDefaultAccountViewsForCreate', () => {
  it('answers the Account view and the type\'s view with field types and inherited values', async () => {
    const northwind = await accountIdOf('Northwind Cloud');
    const result = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'Company', parentAccountId: northwind, productName: null, secondaryParentId: null }, { cookie: await as('reseller.admin') });
    expect(result.status).toBe(200);
    const views = result.body as unknown as { Name: string; FieldDefinition: { Name: string; Type: string }[]; Values: Record<string, unknown> }[];
    expect(views.map((v) => v.Name)).toEqual(['Account', 'Company']);
    expect(views[0]!.Values).toEqual({ AccountType: 'Company', ParentAccountId: northwind, ProductName: null });
    expect(views[0]!.FieldDefinition).toContainEqual({ Name: 'ParentAccountId', Type: 'int32' });
    expect(views[1]!.Values).toEqual({ Country: 'GB', Currency: 'GBP' });
  });

  it('answers the product view of a Product account', async () => {
    const result = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'Product', parentAccountId: String(await accountIdOf('Contoso Ltd')), productName: 'SKYLINE_CRM' }, { cookie: await as('company.admin') });
    expect(result.status).toBe(200);
    expect((result.body as unknown as { Name: string }[]).map((v) => v.Name)).toEqual(['Account', 'Product', 'Product_SKYLINE_CRM']);
  });

  it('refuses a parent of the wrong type, a foreign or missing parent, and a caller without Create', async () => {
    const wrongType = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'Company', parentAccountId: await accountIdOf('Contoso Ltd') }, { cookie: await as('reseller.admin') });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.Message).toBe('Contoso Ltd cannot be the parent of a Company account');
    const foreign = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'User', parentAccountId: await accountIdOf('Litware Inc') }, { cookie: await as('company.admin') });
    const missing = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'User', parentAccountId: 987_654 }, { cookie: await as('company.admin') });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    const plain = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'User', parentAccountId: await accountIdOf('Contoso Ltd') }, { cookie: await as('company.user') });
    expect(plain.status).toBe(403);
  });
});

describe('CreateAccount', () => {
  it('plays the integration sequence: defaults, create a company, then a user invited by e-mail', async () => {
    const cookie = await as('reseller.admin');
    const northwind = await accountIdOf('Northwind Cloud');
    const defaults = await call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType: 'Company', parentAccountId: northwind }, { cookie });
    const views = Object.fromEntries((defaults.body as unknown as { Name: string; Values: Record<string, unknown> }[]).map((v) => [v.Name, { Values: v.Values }]));
    views.Company!.Values = { ...views.Company!.Values, DisplayName: 'Woodgrove Bank', AccountIdentificator: 'WGB-2004', VatNumber: 'GB123456789' };
    const company = await call(server.app, 'IAccountService/CreateAccount', { account: { Views: views } }, { cookie });
    expect(company.status).toBe(200);
    expect(company.body).toEqual({ AccountId: expect.any(Number), DisplayName: 'Woodgrove Bank' });
    const companyId = company.body.AccountId as number;

    const loaded = await call(server.app, 'IAccountService/LoadAccountById', { accountId: companyId }, { cookie });
    expect(loaded.body).toMatchObject({ AccountType: 'Company', ParentAccountId: northwind, Views: { Company: { Values: { DisplayName: 'Woodgrove Bank', Country: 'GB', Currency: 'GBP' } } } });

    const user = await call(
      server.app,
      'IAccountService/CreateAccount',
      {
        account: {
          Views: {
            Account: { Values: { AccountType: 'User', ParentAccountId: String(companyId) } },
            User: { Values: { Firstname: 'Wanda', Lastname: 'Green', Email: 'wanda.green@woodgrove.example', Username: 'wanda.green', Language: 'de' } },
          },
        },
      },
      { cookie },
    );
    expect(user.status).toBe(200);
    expect(user.body.DisplayName).toBe('Wanda Green');
    const userId = user.body.AccountId as number;
    const [row] = await rows<{ username: string; password_hash: string | null; locale: string }>(sql`select username, password_hash, locale from users where account_id = ${userId}`);
    expect(row).toEqual({ username: 'wanda.green', password_hash: null, locale: 'de' });
    const [mail] = await rows<{ recipient: string; subject: string; text_body: string }>(sql`select recipient, subject, text_body from mail_outbox where recipient = 'wanda.green@woodgrove.example'`);
    expect(mail!.subject).toMatch(/eingeladen/);
    expect(mail!.text_body).toMatch(/#\/reset-password\/wanda\.green\/[\w-]{40,}/);
    const actions = await rows<{ action: string; details: Record<string, unknown> }>(sql`select action, details from audit_log where account_id = ${userId} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['AccountCreated', 'UserInvited']);
    expect(actions[0]!.details).toEqual({ AccountType: 'User', DisplayName: 'Wanda Green', ParentAccountId: companyId });
  });

  it('lets the invited user set a password with the link and sign in', async () => {
    const [mail] = await rows<{ text_body: string }>(sql`select text_body from mail_outbox where recipient = 'wanda.green@woodgrove.example'`);
    const token = /reset-password\/wanda\.green\/([\w-]+)/.exec(mail!.text_body)![1]!;
    const reset = await call(server.app, 'ISelfCareService/ResetPassword', { username: 'wanda.green', newPassword: 'Quartz-Harbor-2031!', token });
    expect(reset.status).toBe(200);
  });

  it('creates a Product account by an order: credit-checked, provisioned at the vendor', async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const result = await call(
      server.app,
      'IAccountService/CreateAccount',
      { account: { Views: { Account: { Values: { AccountType: 'Product', ParentAccountId: contoso, ProductName: 'SKYLINE_BACKUP' } }, Product: { Values: { ProductName: 'SKYLINE_BACKUP', Quantity: '3' } }, Product_SKYLINE_BACKUP: { Values: { StorageGb: 500 } } } } },
      { cookie: await as('company.admin') },
    );
    expect(result.status).toBe(200);
    expect(result.body.DisplayName).toBe('Skyline Backup');
    const [sub] = await rows<{ product_name: string; quantity: number; status: string }>(sql`select product_name, quantity, status from subscriptions where account_id = ${result.body.AccountId as number}`);
    // Not Active until the vendor confirms it (issue 30: no subscription is billed that was not provisioned).
    expect(sub).toEqual({ product_name: 'SKYLINE_BACKUP', quantity: 3, status: 'Provisioning' });
    const [order] = await rows<{ approval_status: string; kind: string; requests: number }>(
      sql`select o.approval_status, o.kind, (select count(*)::int from provisioning_requests r where r.order_id = o.id) as requests from orders o where o.subscription_account_id = ${result.body.AccountId as number}`,
    );
    expect(order).toEqual({ approval_status: 'Approved', kind: 'New', requests: 1 });
    const [fields] = await rows<{ views: Record<string, { Values: Record<string, unknown> }> }>(sql`select views from accounts where id = ${result.body.AccountId as number}`);
    expect(fields!.views.Product_SKYLINE_BACKUP!.Values.StorageGb).toBe(500);
    const tooMany = await call(
      server.app,
      'IAccountService/CreateAccount',
      { account: { Views: { Account: { Values: { AccountType: 'Product', ParentAccountId: contoso, ProductName: 'SKYLINE_BACKUP' } }, Product: { Values: { Quantity: 100001 } } } } },
      { cookie: await as('company.admin') },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.Message).toContain('Product.Quantity');
    const design = await call(server.app, 'IAccountService/CreateAccount', { account: { Views: { Account: { Values: { AccountType: 'Product', ParentAccountId: contoso, ProductName: 'SKYLINE_DESIGN' } } } } }, { cookie: await as('company.admin') });
    expect(design.status).toBe(400);
  });

  it.each([
    [{ Account: { Values: { AccountType: 'Department', ParentAccountId: 'x' } } }, 'Account.ParentAccountId'],
    [{ Account: { Values: { AccountType: 'Galaxy', ParentAccountId: 1 } } }, 'Account.AccountType'],
    [{ Account: { Values: { AccountType: 'Department', ParentAccountId: 0, Extra: 1 } } }, 'Account.Extra'],
    [{ Department: { Values: { DisplayName: 'X' } } }, 'Account.AccountType'],
    ['contoso', { Department: { Values: { CostCenter: 'CC-1' } } }, 'Department.DisplayName'],
    ['contoso', { Department: { Values: { DisplayName: 'Legal', Budget: 5 } } }, 'Department.Budget'],
    ['contoso', { User: { Values: { DisplayName: 'Legal' } } }, 'User'],
  ])('refuses bad views with 400 naming the field and creates nothing (%#)', async (...args: unknown[]) => {
    const [parent, views, field] = args.length === 3 ? args : [null, ...args];
    const contoso = await accountIdOf('Contoso Ltd');
    const body = parent ? { Account: { Values: { AccountType: 'Department', ParentAccountId: contoso } }, ...(views as object) } : views;
    const count = await accountCount();
    const result = await call(server.app, 'IAccountService/CreateAccount', { account: { Views: body } }, { cookie: await as('company.admin') });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain(field as string);
    expect(await accountCount()).toBe(count);
  });

  it('refuses a taken username, a foreign parent (same 403 as a missing one), a plain user and a terminated parent', async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const userViews = (parent: number, username: string) => ({
      account: { Views: { Account: { Values: { AccountType: 'User', ParentAccountId: parent } }, User: { Values: { Firstname: 'A', Lastname: 'B', Email: 'a@b.example', Username: username } } } },
    });
    const taken = await call(server.app, 'IAccountService/CreateAccount', userViews(contoso, 'Company.User'), { cookie: await as('company.admin') });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('User.Username: Company.User is already taken');
    const foreign = await call(server.app, 'IAccountService/CreateAccount', userViews(await accountIdOf('Litware Inc'), 'x1'), { cookie: await as('company.admin') });
    const missing = await call(server.app, 'IAccountService/CreateAccount', userViews(987_654, 'x2'), { cookie: await as('company.admin') });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    expect((await call(server.app, 'IAccountService/CreateAccount', userViews(contoso, 'x3'), { cookie: await as('company.user') })).status).toBe(403);
    const engineering = await accountIdOf('Engineering');
    await server.handle.db.execute(sql`update accounts set state = 'Terminated' where id = ${engineering}`);
    const terminated = await call(server.app, 'IAccountService/CreateAccount', userViews(engineering, 'x4'), { cookie: await as('company.admin') });
    await server.handle.db.execute(sql`update accounts set state = 'Active' where id = ${engineering}`);
    expect(terminated.status).toBe(409);
  });

  it('creates one of two users asked for at once with the same username, and refuses the other with 400', async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const cookie = await as('company.admin');
    const body = (lastName: string) => ({
      account: { Views: { Account: { Values: { AccountType: 'User', ParentAccountId: contoso } }, User: { Values: { Firstname: 'Twin', Lastname: lastName, Email: 'twin@contoso.example', Username: 'twin.user' } } } },
    });
    const results = await Promise.all([call(server.app, 'IAccountService/CreateAccount', body('One'), { cookie }), call(server.app, 'IAccountService/CreateAccount', body('Two'), { cookie })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    expect(results.find((result) => result.status === 400)!.body.Message).toBe('User.Username: twin.user is already taken');
    const rows = (await server.handle.db.execute(sql`select count(*)::int as n from accounts where display_name like 'Twin %'`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });
});
