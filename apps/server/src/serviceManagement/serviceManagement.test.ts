import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 13: IServiceManagementService — My vendor profile, a vendor's services, My services, the
// service tool's groups and the Excel export/import — played as a partner's script calls it.

let server: TestServer;
let vendor: string;
let reseller: string;
let other: string;
let company: string;
const op = (name: string, body: unknown, cookie = reseller, headers: Record<string, string> = {}) => call(server.app, `IServiceManagementService/${name}`, body, { cookie, headers });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (displayName: string) => (await rows<{ id: number }>(sql`select id from accounts where display_name = ${displayName}`))[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
  [vendor, reseller, other, company] = await Promise.all(['vendor.admin', 'reseller.admin', 'other.admin', 'company.admin'].map((user) => signIn(server.app, user)));
});
afterAll(async () => {
  await server?.close();
});

describe('My vendor profile', () => {
  it("reads and saves the vendor's own profile, audited", async () => {
    const read = await op('GetVendorProfile', {}, vendor);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ VendorName: 'Skyline Software', SupportEmail: 'support@skyline.example', CanEdit: true });
    const saved = await op(
      'SaveVendorProfile',
      { profile: { Descriptions: { en: 'Mail and CRM from Sweden.', de: 'Mail und CRM aus Schweden.', fr: '' }, SupportEmail: 'care@skyline.example', SupportPhone: '+46 8 123 456', SupportUrl: 'https://care.skyline.example', WebsiteUrl: null, LogoPath: 'vendors/skyline/logo.png' } },
      vendor,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ Descriptions: { en: 'Mail and CRM from Sweden.', de: 'Mail und CRM aus Schweden.' }, SupportEmail: 'care@skyline.example', WebsiteUrl: null, LogoPath: 'vendors/skyline/logo.png' });
    expect((await op('GetVendorProfile', {}, vendor)).body.SupportPhone).toBe('+46 8 123 456');
    const audit = await rows<{ action: string }>(sql`select action from audit_log where action = 'VendorProfileSaved'`);
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    const bad = await op('SaveVendorProfile', { profile: { SupportEmail: 'not-an-address' } }, vendor);
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('profile.SupportEmail');
    const badLogo = await op('SaveVendorProfile', { profile: { LogoPath: '../../etc/passwd.png' } }, vendor);
    expect(badLogo.status).toBe(400);
    expect(badLogo.body.Message).toContain('profile.LogoPath');
  });

  it("refuses another vendor's profile with the same 403 as a missing one; the platform owner reads any vendor", async () => {
    const nimbus = await idOf('Nimbus Security');
    const foreign = await op('GetVendorProfile', { vendorAccountId: nimbus }, vendor);
    const missing = await op('GetVendorProfile', { vendorAccountId: 987654321 }, vendor);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
    expect((await op('SaveVendorProfile', { vendorAccountId: nimbus, profile: { Descriptions: { en: 'hijacked' } } }, vendor)).status).toBe(403);
    // Northwind's admin holds the capability but no vendor lies in its hierarchy.
    expect((await op('GetVendorProfile', { vendorAccountId: nimbus })).status).toBe(403);
    expect((await op('GetVendorProfile', {})).status).toBe(403);
    const admin = await signIn(server.app, 'admin');
    expect((await op('GetVendorProfile', { vendorAccountId: nimbus }, admin)).body).toMatchObject({ VendorName: 'Nimbus Security', CanEdit: true });
    expect(((await op('GetManagedVendors', {}, admin)).body.Vendors as { VendorName: string }[]).map((v) => v.VendorName)).toEqual(['Nimbus Security', 'Orbit Analytics', 'Skyline Software']);
    expect((await op('GetManagedVendors', {}, vendor)).body.Vendors).toEqual([{ VendorAccountId: await idOf('Skyline Software'), VendorName: 'Skyline Software' }]);
    // A company administrator has no Product Owner Profile capability at all.
    expect((await op('GetVendorProfile', {}, company)).status).toBe(403);
  });
});

describe("a vendor's services", () => {
  const newService = {
    serviceName: 'SKYLINE_NOTES',
    service: {
      DisplayNames: { en: 'Skyline Notes', de: 'Skyline Notizen' },
      Descriptions: { en: 'Shared notebooks.' },
      VendorSku: 'SKYLINE-NOTES',
      ProductNumber: 'P-100',
      Category: 'Productivity',
      Tags: ['notes', 'collaboration'],
      BillingRule: 'PerUnit',
      BillingPeriod: 'Monthly',
      Currency: 'EUR',
      CommitmentTerms: ['1-month', 'annual'],
      IconPath: null,
      TermsOfService: 'Fair use.',
      Items: [
        { Name: 'Subscription', FeeType: 'Recurring', Unit: 'user', PurchasePrice: '3.10', Srp: '4.50' },
        { Name: 'Storage', FeeType: 'Usage', Unit: 'GB', PurchasePrice: '0.0125', Srp: '0.02' },
      ],
    },
  };

  it('lists the vendor services with their priceable items as decimal strings', async () => {
    const listed = await op('GetVendorServices', {}, vendor);
    expect(listed.status).toBe(200);
    const services = listed.body.Services as { ServiceName: string; Items: { Name: string; PurchasePrice: string; Srp: string }[] }[];
    expect(services.map((s) => s.ServiceName).sort()).toEqual(['SKYLINE_BACKUP', 'SKYLINE_CRM', 'SKYLINE_DESIGN', 'SKYLINE_MAIL', 'SKYLINE_OFFICE_E3']);
    expect(services.find((s) => s.ServiceName === 'SKYLINE_BACKUP')!.Items).toEqual([
      expect.objectContaining({ Name: 'Subscription', PurchasePrice: '2.40', Srp: '3.50' }),
      expect.objectContaining({ Name: 'Storage', PurchasePrice: '0.021', Srp: '0.03' }),
    ]);
  });

  it('creates a service, changes it on its revision (raising it), and refuses a stale revision', async () => {
    const created = await op('SaveVendorService', newService, vendor);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ServiceName: 'SKYLINE_NOTES', DisplayName: 'Skyline Notes', Revision: 1, CommitmentTerms: ['1-month', 'annual'] });
    expect((await op('SaveVendorService', newService, vendor)).status).toBe(409);
    const items = created.body.Items as { PriceableItemId: number; Name: string }[];
    const changed = await op(
      'SaveVendorService',
      { ...newService, revisionId: 1, service: { ...newService.service, Category: 'Collaboration', Items: [{ PriceableItemId: items[0]!.PriceableItemId, Name: 'Subscription', FeeType: 'Recurring', Unit: 'user', PurchasePrice: '3.20', Srp: '4.90' }] } },
      vendor,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ Revision: 2, Category: 'Collaboration' });
    expect(changed.body.Items).toEqual([
      expect.objectContaining({ Name: 'Subscription', PurchasePrice: '3.20', Srp: '4.90', IsActive: true }),
      expect.objectContaining({ Name: 'Storage', IsActive: false }),
    ]);
    const stale = await op('SaveVendorService', { ...newService, revisionId: 1 }, vendor);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toContain('Skyline Notes');
    const [{ revision }] = (await rows<{ revision: number }>(sql`select revision from products where name = 'SKYLINE_NOTES'`)) as [{ revision: number }];
    expect(revision).toBe(2);
  });

  it('validates: decimal prices, required fields, the icon path — 400 naming the field, nothing written', async () => {
    const withItem = (item: Record<string, unknown>) => ({ ...newService, serviceName: 'SKYLINE_BAD', service: { ...newService.service, Items: [{ ...newService.service.Items[0], ...item }] } });
    for (const [body, field] of [
      [withItem({ PurchasePrice: '3,10' }), 'service.Items.0.PurchasePrice'],
      [withItem({ Srp: '-1' }), 'service.Items.0.Srp'],
      [withItem({ Srp: '1.1234567' }), 'service.Items.0.Srp'],
      [withItem({ Name: '' }), 'service.Items.0.Name'],
      [{ ...newService, serviceName: 'SKYLINE_BAD', service: { ...newService.service, Category: '' } }, 'service.Category'],
      [{ ...newService, serviceName: 'SKYLINE_BAD', service: { ...newService.service, DisplayNames: { de: 'Nur Deutsch' } } }, 'service.DisplayNames.en'],
      [{ ...newService, serviceName: 'SKYLINE_BAD', service: { ...newService.service, IconPath: 'icon.png' } }, 'service.IconPath'],
      [{ ...newService, serviceName: 'SKYLINE_BAD', service: { ...newService.service, Items: [] } }, 'service.Items'],
      [{ ...newService, serviceName: 'skyline bad' }, 'serviceName'],
    ] as const) {
      const answer = await op('SaveVendorService', body, vendor);
      expect(answer.status, field).toBe(400);
      expect(answer.body.Message, field).toContain(field);
    }
    const twice = await op('SaveVendorService', { ...newService, serviceName: 'SKYLINE_BAD', service: { ...newService.service, Items: [newService.service.Items[0], newService.service.Items[0]] } }, vendor);
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toContain('service.Items.1.Name');
    expect(await rows(sql`select name from products where name = 'SKYLINE_BAD'`)).toEqual([]);
  });

  it("refuses another vendor's service as unknown (403)", async () => {
    const answer = await op('SaveVendorService', { ...newService, serviceName: 'NIMBUS_VPN', revisionId: 1 }, vendor);
    expect(answer.status).toBe(403);
  });
});

describe('service groups (the service tool)', () => {
  it('creates, renames and changes members of a group; refuses a name taken and an unknown service', async () => {
    const created = await op('SaveServiceGroup', { serviceGroup: { Name: 'Security', ServiceNames: ['NIMBUS_VPN', 'NIMBUS_MFA'] } });
    expect(created.status).toBe(200);
    expect((created.body.Services as { ServiceName: string }[]).map((s) => s.ServiceName)).toEqual(['NIMBUS_MFA', 'NIMBUS_VPN']);
    const id = created.body.ServiceGroupId as number;
    const renamed = await op('SaveServiceGroup', { serviceGroupId: id, serviceGroup: { Name: 'Security basics', ServiceNames: ['NIMBUS_VPN'] } });
    expect(renamed.body).toMatchObject({ Name: 'Security basics', Services: [expect.objectContaining({ ServiceName: 'NIMBUS_VPN' })] });
    expect((await op('SaveServiceGroup', { serviceGroup: { Name: 'collaboration', ServiceNames: [] } })).status).toBe(409);
    const unknown = await op('SaveServiceGroup', { serviceGroupId: id, serviceGroup: { Name: 'Security basics', ServiceNames: ['NIMBUS_VPN', 'NO_SUCH'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('serviceGroup.ServiceNames.1');
    const listed = await op('GetServiceGroups', {});
    expect((listed.body.ServiceGroups as { Name: string }[]).map((g) => g.Name)).toEqual(['Collaboration', 'Security basics']);
    expect((await op('DeleteServiceGroup', { serviceGroupId: id })).status).toBe(200);
    expect((await op('GetServiceGroups', {})).body.ServiceGroups).toHaveLength(1);
  });

  it('refuses to delete a group a pricing rule uses, naming the rule', async () => {
    const groups = (await op('GetServiceGroups', {})).body.ServiceGroups as { ServiceGroupId: number; UsedByRules: { RuleName: string }[] }[];
    expect(groups[0]!.UsedByRules).toEqual([expect.objectContaining({ RuleName: 'Collaboration margin', MarketplaceName: 'Northwind standard' })]);
    const refused = await op('DeleteServiceGroup', { serviceGroupId: groups[0]!.ServiceGroupId });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toContain('Collaboration margin');
    expect((await op('GetServiceGroups', {})).body.ServiceGroups).toHaveLength(1);
  });

  it("refuses Fabrikam's administrator on Northwind's groups (403, as a missing one), and a vendor", async () => {
    const groupId = (await rows<{ id: number }>(sql`select id from service_groups where name = 'Collaboration'`))[0]!.id;
    const northwind = await idOf('Northwind Cloud');
    for (const [name, body] of [
      ['GetServiceGroups', { ownerAccountId: northwind }],
      ['SaveServiceGroup', { serviceGroupId: groupId, serviceGroup: { Name: 'Mine', ServiceNames: [] } }],
      ['DeleteServiceGroup', { serviceGroupId: groupId }],
      ['GetMyServices', { ownerAccountId: northwind }],
      ['SaveMyService', { ownerAccountId: northwind, serviceName: 'SKYLINE_MAIL', settings: { IsEnabled: false } }],
      ['ExportServices', { ownerAccountId: northwind }],
    ] as const) {
      const foreign = await op(name, body, other);
      expect(foreign.status, name).toBe(403);
      expect(foreign.body, name).toEqual((await op('GetVendorProfile', { vendorAccountId: 987654321 }, other)).body);
    }
    expect((await op('GetServiceGroups', {}, vendor)).status).toBe(403);
    expect((await op('GetMyServices', {}, company)).status).toBe(403);
  });
});

async function workbookOf(base64: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  return workbook;
}
const base64Of = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
function rowOf(sheet: ExcelJS.Worksheet, serviceName: string) {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === serviceName) found = row;
  });
  return found!;
}

describe('My services, Excel export and import', () => {
  it('lists the catalog with paging, filter and sort; a setting is saved', async () => {
    const page = await op('GetMyServices', { filter: { Text: 'nimbus' }, sortBy: 'DisplayName', sortDirection: 'desc', page: 0, pageSize: 5 });
    expect(page.status).toBe(200);
    expect(page.body.Total).toBe(13);
    expect((page.body.Services as unknown[]).length).toBe(5);
    expect((page.body.Services as { DisplayName: string }[])[0]!.DisplayName).toBe('Nimbus VPN');
    expect(page.body.Categories).toEqual(expect.arrayContaining(['Security', 'Analytics']));
    const saved = await op('SaveMyService', { serviceName: 'NIMBUS_DNS', settings: { DisplayNames: { en: 'Safe DNS' } } });
    expect(saved.body).toMatchObject({ ServiceName: 'NIMBUS_DNS', IsEnabled: true, DisplayNames: { en: 'Safe DNS' } });
    expect((await op('SaveMyService', { serviceName: 'NO_SUCH', settings: { IsEnabled: false } })).status).toBe(400);
    const vendorView = await op('GetMyServices', {}, vendor);
    expect(vendorView.body.Total).toBe(6);
  });

  it('exports with the file-name rule and imports the file back: a changed row changes the setting', async () => {
    const exported = await op('ExportServices', {});
    expect(exported.status).toBe(200);
    expect(exported.body.FileName).toBe('My_services-Northwind_Cloud.xlsx');
    const workbook = await workbookOf(exported.body.ContentBase64 as string);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Service name', 'Service', 'Vendor', 'Category', 'Enabled for customers', 'Language', 'Display name (yours)', 'Description (yours)', 'Revision']);
    expect((rowOf(sheet, 'NIMBUS_DNS').values as unknown[]).slice(1)).toEqual(['NIMBUS_DNS', 'Nimbus DNS Shield', 'Nimbus Security', 'Network', 'Yes', 'en', 'Safe DNS', '', 1]);

    // Unchanged, it changes nothing.
    const same = await op('ImportServices', { fileName: exported.body.FileName, fileBase64: exported.body.ContentBase64 });
    expect(same.body).toMatchObject({ Imported: true, RowsChanged: 0, Errors: [] });

    rowOf(sheet, 'ORBIT_CHAT').getCell(5).value = 'No';
    rowOf(sheet, 'ORBIT_CHAT').getCell(8).value = 'Our team chat.';
    const imported = await op('ImportServices', { fileName: 'services.xlsx', fileBase64: await base64Of(workbook) });
    expect(imported.body).toMatchObject({ Imported: true, RowsChanged: 1, Errors: [] });
    const chat = ((await op('GetMyServices', { filter: { Text: 'ORBIT_CHAT' } })).body.Services as { IsEnabled: boolean; Descriptions: Record<string, string> }[])[0]!;
    expect(chat).toMatchObject({ IsEnabled: false, Descriptions: { en: 'Our team chat.' } });
    expect(await rows(sql`select action from audit_log where action in ('ServicesExported', 'ServicesImported')`)).toHaveLength(3);
  });

  it('reports every bad row and writes nothing when one is wrong', async () => {
    const workbook = await workbookOf((await op('ExportServices', {})).body.ContentBase64 as string);
    const sheet = workbook.worksheets[0]!;
    rowOf(sheet, 'ORBIT_CHAT').getCell(5).value = 'Yes';
    const meet = rowOf(sheet, 'ORBIT_MEET');
    meet.getCell(5).value = 'perhaps';
    const meetRow = meet.number;
    rowOf(sheet, 'ORBIT_SIGN').getCell(6).value = 'xx';
    const answer = await op('ImportServices', { fileName: 'services.xlsx', fileBase64: await base64Of(workbook) });
    expect(answer.status).toBe(200);
    expect(answer.body.Imported).toBe(false);
    expect(answer.body.Errors).toEqual(
      [
        { Row: rowOf(sheet, 'ORBIT_SIGN').number, Column: 'Language', Message: 'xx is not a supported language code.' },
        { Row: meetRow, Column: 'Enabled for customers', Message: 'Enter Yes or No instead of perhaps.' },
      ].sort((a, b) => a.Row - b.Row),
    );
    const chat = ((await op('GetMyServices', { filter: { Text: 'ORBIT_CHAT' } })).body.Services as { IsEnabled: boolean }[])[0]!;
    expect(chat.IsEnabled).toBe(false);
  });

  it("refuses a row made on an older revision than the service's", async () => {
    const exported = await op('ExportServices', {});
    // The vendor changes its service after the export.
    const crm = ((await op('GetVendorServices', {}, vendor)).body.Services as { ServiceName: string; Revision: number; Items: { PriceableItemId: number; Name: string; FeeType: string; Unit: string | null; PurchasePrice: string; Srp: string }[] }[]).find((s) => s.ServiceName === 'SKYLINE_CRM')!;
    const changed = await op(
      'SaveVendorService',
      {
        serviceName: 'SKYLINE_CRM',
        revisionId: crm.Revision,
        service: { DisplayNames: { en: 'Skyline CRM' }, Category: 'Sales', BillingRule: 'PerUnit', BillingPeriod: 'Monthly', Currency: 'EUR', CommitmentTerms: ['annual'], Items: crm.Items.map(({ PriceableItemId, Name, FeeType, Unit, PurchasePrice, Srp }) => ({ PriceableItemId, Name, FeeType, Unit, PurchasePrice, Srp })) },
      },
      vendor,
    );
    expect(changed.status).toBe(200);
    const workbook = await workbookOf(exported.body.ContentBase64 as string);
    const row = rowOf(workbook.worksheets[0]!, 'SKYLINE_CRM');
    row.getCell(5).value = 'No';
    const answer = await op('ImportServices', { fileName: 'services.xlsx', fileBase64: await base64Of(workbook) });
    expect(answer.body.Imported).toBe(false);
    expect(answer.body.Errors).toEqual([{ Row: row.number, Column: 'Revision', Message: "Revision 1 is older than the service's current revision 2: export the list again." }]);
    expect((await op('SaveMyService', { serviceName: 'SKYLINE_CRM', revisionId: 1, settings: { IsEnabled: false } })).status).toBe(409);
  });

  it('answers "File format not supported" for anything but xlsx and "Upload failed" for an unreadable workbook', async () => {
    const csv = await op('ImportServices', { fileName: 'services.csv', fileBase64: Buffer.from('ServiceName;Revision\nSKYLINE_MAIL;1\n').toString('base64') });
    expect(csv.status).toBe(400);
    expect(csv.body.Message).toBe('File format not supported');
    const renamed = await op('ImportServices', { fileName: 'services.xlsx', fileBase64: Buffer.from('%PDF-1.7 not a workbook').toString('base64') });
    expect(renamed.body.Message).toBe('File format not supported');
    const broken = await op('ImportServices', { fileName: 'services.xlsx', fileBase64: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]).toString('base64') });
    expect(broken.status).toBe(400);
    expect(broken.body.Message).toBe('Upload failed');
    const german = await op('ImportServices', { fileName: 'services.csv', fileBase64: 'AAAA' }, reseller, { 'accept-language': 'de' });
    expect(german.body.Message).not.toBe('File format not supported');
  });

  it("exports a vendor's services and imports its changes, raising the revision", async () => {
    const exported = await op('ExportServices', {}, vendor);
    expect(exported.body.FileName).toBe('My_services-Skyline_Software.xlsx');
    const workbook = await workbookOf(exported.body.ContentBase64 as string);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Service name', 'Service', 'Category', 'Vendor SKU', 'Product number', 'Sold', 'Revision']);
    rowOf(sheet, 'SKYLINE_MAIL').getCell(5).value = 'SM-1';
    const answer = await op('ImportServices', { fileName: exported.body.FileName, fileBase64: await base64Of(workbook) }, vendor);
    expect(answer.body).toMatchObject({ Imported: true, RowsChanged: 1 });
    expect(await rows(sql`select product_number, revision from products where name = 'SKYLINE_MAIL'`)).toEqual([{ product_number: 'SM-1', revision: 2 }]);
  });
});
