import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';
import { seedAccountViews } from './viewMetadata';

let server: TestServer;
const cookies: Record<string, string> = {};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const accountIdOf = async (displayName: string) => (await rows<{ id: number }>(sql`select id from accounts where display_name = ${displayName}`))[0]!.id;
const viewsOf = async (id: number) => (await rows<{ views: Record<string, { Values: Record<string, unknown> }> }>(sql`select views from accounts where id = ${id}`))[0]!.views;
const auditCount = async (id: number, action: string) => (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where account_id = ${id} and action = ${action}`))[0]!.n;
const as = async (user: string) => (cookies[user] ??= await signIn(server.app, user));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('view metadata seeding', () => {
  it('is idempotent and keeps what an owner changed', async () => {
    await server.handle.db.execute(sql`update view_layouts set pages = '[]' where account_type = 'Department' and view = 'Create'`);
    await seedAccountViews(server.handle.db);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from view_definitions where name = 'Company'`))[0]!.n).toBe(1);
    const result = await call(server.app, 'IAccountService/GetViewLayout', { type: 'Department', view: 'Create' }, { cookie: await as('company.admin') });
    expect(result.status).toBe(404);
    expect(result.body.Message).toBe('Viewlayout contains no Pages');
  });

  it('writes back at the next start only the seeded rows that are missing', async () => {
    await server.handle.db.execute(sql`delete from view_layouts where account_type = 'Product' and view = 'Product' and product_name = 'SKYLINE_CRM'`);
    await server.handle.db.execute(sql`delete from enum_data where name = 'Regions'`);
    await seedAccountViews(server.handle.db);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from view_layouts where product_name = 'SKYLINE_CRM'`))[0]!.n).toBe(1);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from enum_data where name = 'Regions'`))[0]!.n).toBe(1);
  });
});

describe('GetViewLayout and GetEnumData', () => {
  it('answers pages, containers and fields with labels and enum members in the caller\'s language', async () => {
    const result = await call(server.app, 'IAccountService/GetViewLayout', { type: 'Company', view: 'Company', productName: '' }, { cookie: await as('company.admin'), headers: { 'accept-language': 'de' } });
    expect(result.status).toBe(200);
    const pages = result.body.Pages as { DisplayValue: string; Containers: { Name: string; Fields: Record<string, unknown>[] }[] }[];
    expect(pages[0]!.DisplayValue).toBe('Übersicht');
    const country = pages[0]!.Containers[0]!.Fields.find((f) => f.Name === 'Country')!;
    expect(country).toMatchObject({ View: 'Company', DisplayValue: 'Land', DisplayTemplate: 'Combobox', EnumsLoaded: true, Required: true, Type: 'string' });
    expect(country.EnumMembers).toContainEqual({ Value: 'GB', DisplayValue: 'Vereinigtes Königreich' });
    const iban = pages[0]!.Containers.flatMap((c) => c.Fields).find((f) => f.Name === 'Iban')!;
    expect(iban.MfaProtected).toBe(true);
  });

  it('keys product layouts by product name', async () => {
    const result = await call(server.app, 'IAccountService/GetViewLayout', { type: 'Product', view: 'Product', productName: 'SKYLINE_CRM' }, { cookie: await as('company.admin') });
    expect(result.status).toBe(200);
    const fields = (result.body.Pages as { Containers: { Fields: { Name: string; View: string; EnumMembers: unknown[] }[] }[] }[])[0]!.Containers[0]!.Fields;
    expect(fields.map((f) => `${f.View}.${f.Name}`)).toEqual(['Product_SKYLINE_CRM.Region', 'Product_SKYLINE_CRM.Edition']);
    expect(fields[0]!.EnumMembers).toEqual([
      { Value: 'EU', DisplayValue: 'Europe' },
      { Value: 'US', DisplayValue: 'United States' },
      { Value: 'APAC', DisplayValue: 'Asia-Pacific' },
    ]);
  });

  it('answers "Viewlayout contains no Pages" for a layout that does not exist', async () => {
    const result = await call(server.app, 'IAccountService/GetViewLayout', { type: 'Company', view: 'Nothing' }, { cookie: await as('company.admin') });
    expect(result.status).toBe(404);
    expect(result.body.Message).toBe('Viewlayout contains no Pages');
  });

  it('answers enum members, names from Intl in the caller\'s language', async () => {
    const result = await call(server.app, 'IAccountService/GetEnumData', { enumName: 'Languages' }, { cookie: await as('company.user'), headers: { 'accept-language': 'fr' } });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(15);
    expect(result.body).toContainEqual({ Value: 'de', DisplayValue: 'allemand (Deutsch)' });
    expect((await call(server.app, 'IAccountService/GetEnumData', { enumName: 'Nope' }, { cookie: await as('company.user') })).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await call(server.app, 'IAccountService/GetViewLayout', { type: 'Company', view: 'Company' })).status).toBe(401);
  });
});

describe('LoadAccountById', () => {
  it('answers exactly the integration shape with the hierarchy from the caller\'s top', async () => {
    const sales = await accountIdOf('Sales');
    const result = await call(server.app, 'IAccountService/LoadAccountById', { accountId: sales }, { cookie: await as('company.admin') });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(['AccountId', 'AccountState', 'AccountType', 'DisplayName', 'Hierarchy', 'ParentAccountId', 'ProductName', 'Views']);
    expect(result.body).toMatchObject({ AccountId: sales, AccountType: 'Department', DisplayName: 'Sales', ParentAccountId: await accountIdOf('Contoso Ltd'), AccountState: 'Active', ProductName: null });
    expect((result.body.Hierarchy as { DisplayName: string }[]).map((h) => h.DisplayName)).toEqual(['Contoso Ltd', 'Sales']);
    const asReseller = await call(server.app, 'IAccountService/LoadAccountById', { accountId: sales }, { cookie: await as('reseller.admin') });
    expect((asReseller.body.Hierarchy as { DisplayName: string }[]).map((h) => h.DisplayName)).toEqual(['Northwind Cloud', 'Contoso Ltd', 'Sales']);
  });

  it('gives a Product account its ProductName and its product view', async () => {
    const result = await call(server.app, 'IAccountService/LoadAccountById', { accountId: await accountIdOf('Skyline Mail – Contoso') }, { cookie: await as('company.admin') });
    expect(result.status).toBe(200);
    const views = result.body.Views as Record<string, { Values: Record<string, unknown> }>;
    expect(result.body.ProductName).toBe('SKYLINE_MAIL');
    expect(views.Product!.Values.ProductName).toBe('SKYLINE_MAIL');
    expect(views.Product_SKYLINE_MAIL!.Values).toBeDefined();
  });

  it('answers the same 403 for a foreign and a missing account', async () => {
    const foreign = await call(server.app, 'IAccountService/LoadAccountById', { accountId: await accountIdOf('Litware Inc') }, { cookie: await as('company.admin') });
    const missing = await call(server.app, 'IAccountService/LoadAccountById', { accountId: 987_654 }, { cookie: await as('company.admin') });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('UpdateAccount', () => {
  it('changes values, keeps the display name and users row in step, audits the changes, answers null', async () => {
    const lena = await accountIdOf('Lena Nowak');
    const result = await call(server.app, 'IAccountService/UpdateAccount', { accountId: lena, viewValues: { User: { Values: { Lastname: 'Nowak-Kowalska', Phone: '+48 22 123 45 67' } } } }, { cookie: await as('company.admin') });
    expect(result.status).toBe(200);
    expect(result.response.body).toBe('null');
    const [user] = await rows<{ last_name: string; display_name: string }>(sql`select u.last_name, a.display_name from users u join accounts a on a.id = u.account_id where u.account_id = ${lena}`);
    expect(user).toEqual({ last_name: 'Nowak-Kowalska', display_name: 'Lena Nowak-Kowalska' });
    expect((await viewsOf(lena)).User!.Values).toMatchObject({ Firstname: 'Lena', Lastname: 'Nowak-Kowalska', Username: 'lena.nowak' });
    const [audit] = await rows<{ details: { changes: unknown[] } }>(sql`select details from audit_log where account_id = ${lena} and action = 'AccountUpdated' order by id desc limit 1`);
    expect(audit!.details.changes).toEqual([
      { View: 'User', Field: 'Lastname', Before: 'Nowak', After: 'Nowak-Kowalska' },
      { View: 'User', Field: 'Phone', Before: null, After: '+48 22 123 45 67' },
    ]);
  });

  it('accepts an int32 sent as a numeric string', async () => {
    const mail = await accountIdOf('Skyline Mail – Contoso');
    const result = await call(server.app, 'IAccountService/UpdateAccount', { accountId: mail, viewValues: { Product_SKYLINE_MAIL: { Values: { Mailboxes: '42' } } } }, { cookie: await as('company.admin') });
    expect(result.status).toBe(200);
    expect((await viewsOf(mail)).Product_SKYLINE_MAIL!.Values.Mailboxes).toBe(42);
  });

  it.each([
    [{ Company: { Values: { Nickname: 'x' } } }, 'Company.Nickname'],
    [{ Marketing: { Values: { DisplayName: 'x' } } }, 'Marketing'],
    [{ Company: { Values: { DisplayName: 12 } } }, 'Company.DisplayName'],
    [{ Company: { Values: { DisplayName: '' } } }, 'Company.DisplayName'],
    [{ Company: { Values: { DisplayName: 'x'.repeat(101) } } }, 'Company.DisplayName'],
    [{ Company: { Values: { Email: 'not an address' } } }, 'Company.Email'],
    [{ Company: { Values: { Country: 'XX' } } }, 'Company.Country'],
  ])('refuses %j with 400 naming %s and writes nothing', async (viewValues, field) => {
    const contoso = await accountIdOf('Contoso Ltd');
    const before = await viewsOf(contoso);
    const audits = await auditCount(contoso, 'AccountUpdated');
    const result = await call(server.app, 'IAccountService/UpdateAccount', { accountId: contoso, viewValues: { Company: { Values: { City: 'London' } }, ...viewValues } }, { cookie: await as('company.admin') });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain(field);
    expect(await viewsOf(contoso)).toEqual(before);
    expect(await auditCount(contoso, 'AccountUpdated')).toBe(audits);
  });

  it('refuses an int32 that is not a whole number', async () => {
    const result = await call(server.app, 'IAccountService/UpdateAccount', { accountId: await accountIdOf('Skyline Mail – Contoso'), viewValues: { Product_SKYLINE_MAIL: { Values: { Mailboxes: '4.5' } } } }, { cookie: await as('company.admin') });
    expect(result.status).toBe(400);
    // Issue 30: a product field is named by its label, its key beside the message.
    expect(result.body).toEqual({ Message: 'Mailboxes must be a int32 value', Field: 'Product_SKYLINE_MAIL.Mailboxes' });
  });

  it('refuses a taken unique value and read-only fields', async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const taken = await call(server.app, 'IAccountService/UpdateAccount', { accountId: contoso, viewValues: { Company: { Values: { AccountIdentificator: 'adv-2002' } } } }, { cookie: await as('company.admin') });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('Company.AccountIdentificator: adv-2002 is already taken');
    const username = await call(server.app, 'IAccountService/UpdateAccount', { accountId: await accountIdOf('Priya Patel'), viewValues: { User: { Values: { Username: 'priya.p' } } } }, { cookie: await as('company.admin') });
    expect(username.status).toBe(400);
    expect(username.body.Message).toBe('User.Username cannot be changed');
    const product = await call(server.app, 'IAccountService/UpdateAccount', { accountId: await accountIdOf('Skyline Mail – Contoso'), viewValues: { Product: { Values: { ProductName: 'SKYLINE_CRM' } } } }, { cookie: await as('company.admin') });
    expect(product.status).toBe(400);
    expect(product.body.Message).toBe('Product.ProductName cannot be changed');
  });

  it('checks the VAT number against the country', async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const wrong = await call(server.app, 'IAccountService/UpdateAccount', { accountId: contoso, viewValues: { Company: { Values: { VatNumber: 'DE123456789' } } } }, { cookie: await as('company.admin') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe('DE123456789 is not a valid VAT number for GB');
    const right = await call(server.app, 'IAccountService/UpdateAccount', { accountId: contoso, viewValues: { Company: { Values: { VatNumber: 'GB 123 4567 89' } } } }, { cookie: await as('company.admin') });
    expect(right.status).toBe(200);
    const moved = await call(server.app, 'IAccountService/UpdateAccount', { accountId: contoso, viewValues: { Company: { Values: { Country: 'DE' } } } }, { cookie: await as('company.admin') });
    expect(moved.status).toBe(400);
  });

  it('refuses MFA-protected fields without an enabled MFA method, accepts them with one', async () => {
    const contoso = await accountIdOf('Contoso Ltd');
    const body = { accountId: contoso, viewValues: { Company: { Values: { Iban: 'GB29NWBK60161331926819' } } } };
    const refused = await call(server.app, 'IAccountService/UpdateAccount', body, { cookie: await as('company.admin') });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe('Company.Iban can only be changed by a user with MFA enabled');
    const claire = await accountIdOf('Claire Dubois');
    await server.handle.db.execute(sql`insert into mfa_methods (user_account_id, kind, name, is_enabled, is_pending) values (${claire}, 'Email', 'Mail', true, false)`);
    const accepted = await call(server.app, 'IAccountService/UpdateAccount', body, { cookie: await as('company.admin') });
    expect(accepted.status).toBe(200);
    const [audit] = await rows<{ details: { changes: unknown[] } }>(sql`select details from audit_log where account_id = ${contoso} and action = 'AccountUpdated' order by id desc limit 1`);
    expect(audit!.details.changes).toEqual([{ View: 'Company', Field: 'Iban', Before: '•••', After: '•••' }]);
    await server.handle.db.execute(sql`delete from mfa_methods where user_account_id = ${claire}`);
  });

  it('refuses a terminated account', async () => {
    const proseware = await accountIdOf('Proseware');
    await server.handle.db.execute(sql`update accounts set state = 'Terminated' where id = ${proseware}`);
    const result = await call(server.app, 'IAccountService/UpdateAccount', { accountId: proseware, viewValues: { Company: { Values: { City: 'Berlin' } } } }, { cookie: await as('other.admin') });
    await server.handle.db.execute(sql`update accounts set state = 'Active' where id = ${proseware}`);
    expect(result.status).toBe(409);
    expect(result.body.Message).toBe('Proseware is terminated and can no longer be changed');
  });

  it('answers the same 403 for foreign and missing accounts and refuses a plain user', async () => {
    const body = (accountId: number) => ({ accountId, viewValues: { Company: { Values: { City: 'X' } } } });
    const foreign = await call(server.app, 'IAccountService/UpdateAccount', body(await accountIdOf('Litware Inc')), { cookie: await as('company.admin') });
    const missing = await call(server.app, 'IAccountService/UpdateAccount', body(987_654), { cookie: await as('company.admin') });
    const plain = await call(server.app, 'IAccountService/UpdateAccount', body(await accountIdOf('Contoso Ltd')), { cookie: await as('company.user') });
    expect([foreign.status, missing.status, plain.status]).toEqual([403, 403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('ValidateUniqueField and ValidateRemoteFieldWithResult', () => {
  it('tells whether a unique value is free, not counting the account being edited', async () => {
    const cookie = await as('company.admin');
    const check = (body: object) => call(server.app, 'IAccountService/ValidateUniqueField', body, { cookie });
    expect((await check({ accountType: 'User', fieldName: 'Username', value: 'COMPANY.USER' })).body).toEqual({ IsUnique: false });
    expect((await check({ accountType: 'User', fieldName: 'Username', value: 'new.person' })).body).toEqual({ IsUnique: true });
    const contoso = await accountIdOf('Contoso Ltd');
    expect((await check({ accountType: 'Company', fieldName: 'AccountIdentificator', value: 'CON-2001', accountId: contoso })).body).toEqual({ IsUnique: true });
    expect((await check({ accountType: 'Company', fieldName: 'Company.Nickname', value: 'x' })).status).toBe(400);
    expect((await check({ accountType: 'Company', fieldName: 'AccountIdentificator', value: 'x', accountId: await accountIdOf('Litware Inc') })).status).toBe(403);
  });

  it('checks a VAT number by country with a message', async () => {
    const cookie = await as('company.user');
    const ok = await call(server.app, 'IAccountService/ValidateRemoteFieldWithResult', { fieldName: 'VatNumber', value: '123456789', country: 'DE' }, { cookie });
    expect(ok.body).toEqual({ IsValid: true, Message: '' });
    const bad = await call(server.app, 'IAccountService/ValidateRemoteFieldWithResult', { fieldName: 'Company.VatNumber', value: 'FR12', country: 'FR' }, { cookie, headers: { 'accept-language': 'en' } });
    expect(bad.body).toEqual({ IsValid: false, Message: 'FR12 is not a valid VAT number for FR' });
  });
});
