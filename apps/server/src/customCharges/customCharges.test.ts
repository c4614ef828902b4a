import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_ATTACHMENT_BYTES, type CustomCharge } from '@cmp/contracts/customCharges';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { demoPdf } from '../demo/demoCustomCharges';

// Issue 13 "Custom charges": ICustomChargeService played as a partner's script and the billing tab
// call it, on the demo world (Contoso Ltd, EUR, under Northwind Cloud).

let server: TestServer;
let reseller: string;
let companyAdmin: string;
let companyUser: string;
let otherReseller: string;
let contoso: number;
const op = (name: string, body: unknown, cookie = reseller, headers: Record<string, string> = {}) => call(server.app, `ICustomChargeService/${name}`, body, { cookie, headers });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (query: ReturnType<typeof sql>) => (await rowsOf<{ id: number }>(query))[0]!.id;
const chargesNamed = async (name: string) => (await rowsOf<{ n: number }>(sql`select count(*)::int as n from custom_charges where name = ${name}`))[0]!.n;
const create = (customCharge: Record<string, unknown>, options: { cookie?: string; key?: string; accountId?: number } = {}) =>
  op('CreateCustomCharge', { accountId: options.accountId ?? contoso, customCharge }, options.cookie ?? reseller, options.key ? { 'idempotency-key': options.key } : {});
const download = (url: string, cookie?: string) => server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const attachment = (FileName: string, content: Buffer, ContentType: string) => ({ FileName, ContentType, ContentBase64: content.toString('base64') });

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The start of a real .docx: a ZIP whose first entry is in word/. */
const docxBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.from('word/document.xml<w:document/>', 'latin1')]);
const ole2Bytes = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

beforeAll(async () => {
  server = await startTestServer();
  [reseller, companyAdmin, companyUser, otherReseller] = await Promise.all(['reseller.admin', 'company.admin', 'company.user', 'other.admin'].map((name) => signIn(server.app, name)));
  contoso = await idOf(sql`select id from accounts where display_name = 'Contoso Ltd'`);
});
afterAll(async () => {
  await server?.close();
});

describe('listing (GetCustomCharges)', () => {
  it("shows Contoso's demo charges newest first in the company currency, pending and billed, with creator and UTC date", async () => {
    const listed = await op('GetCustomCharges', { accountId: contoso });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ Total: 4, Currency: 'EUR', MinorUnits: 2, CanCreate: true, CanDelete: true });
    const charges = listed.body.CustomCharges as CustomCharge[];
    expect(charges.map((c) => `${c.Name} ${c.Price} ${c.Status}`)).toEqual([
      'Service credit: e-mail outage -120.00 PendingBilling',
      'Migration support 960.00 PendingBilling',
      'Onboarding workshop 1450.00 PendingBilling',
      'Hardware security keys (5) 175.00 Billed',
    ]);
    expect(charges[0]).toMatchObject({ Cost: '0.00', Currency: 'EUR', CreatedByName: 'Nora Winters', BilledAt: null, Attachment: null });
    expect(charges[0]!.CreatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(charges[2]!.Attachment).toMatchObject({ FileName: 'Statement of work - onboarding workshop.pdf', ContentType: PDF_TYPE, DownloadUrl: `/custom-charges/${charges[2]!.CustomChargeId}/attachment` });
  });

  it('filters by status and text, sorts and pages on the server', async () => {
    const billed = await op('GetCustomCharges', { accountId: contoso, filter: { Status: 'Billed' } });
    expect((billed.body.CustomCharges as CustomCharge[]).map((c) => c.Name)).toEqual(['Hardware security keys (5)']);
    const text = await op('GetCustomCharges', { accountId: contoso, filter: { Text: 'OUTAGE' } });
    expect(text.body.Total).toBe(1);
    const byPrice = await op('GetCustomCharges', { accountId: contoso, sortBy: 'Price', sortDirection: 'asc', filter: { Status: 'PendingBilling' }, pageSize: 2, page: 0 });
    expect(byPrice.body.Total).toBe(3);
    expect((byPrice.body.CustomCharges as CustomCharge[]).map((c) => c.Price)).toEqual(['-120.00', '960.00']);
    const secondPage = await op('GetCustomCharges', { accountId: contoso, sortBy: 'Price', sortDirection: 'asc', filter: { Status: 'PendingBilling' }, pageSize: 2, page: 1 });
    expect((secondPage.body.CustomCharges as CustomCharge[]).map((c) => c.Price)).toEqual(['1450.00']);
    expect((await op('GetCustomCharges', { accountId: contoso, filter: { Status: 'Open' } })).status).toBe(400);
  });

  it('lets the company administrator read its own charges without managing them, and refuses a plain user', async () => {
    const own = await op('GetCustomCharges', { accountId: contoso }, companyAdmin);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ Total: 4, CanCreate: false, CanDelete: false });
    expect((await op('GetCustomCharges', { accountId: contoso }, companyUser)).status).toBe(403);
  });
});

describe('adding and deleting (CreateCustomCharge, DeleteCustomCharge)', () => {
  it('adds a pending charge in the company currency, audited in the same transaction', async () => {
    const created = await create({ Name: 'Licence true-up', Price: '250.5', Cost: '200', Description: 'Q3 true-up' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ Name: 'Licence true-up', Price: '250.50', Cost: '200.00', Currency: 'EUR', Status: 'PendingBilling', Description: 'Q3 true-up', CreatedByName: 'Nora Winters' });
    const audit = await rowsOf<{ details: Record<string, unknown> }>(sql`select details from audit_log where action = 'CustomChargeCreated' and account_id = ${contoso}`);
    expect(audit.map((row) => row.details)).toContainEqual(expect.objectContaining({ CustomChargeId: created.body.CustomChargeId, Price: '250.50', Currency: 'EUR' }));
  });

  it('accepts negative amounts (a credit) and trailing zeros, refuses decimals beyond the minor unit, zero prices and non-numbers naming the field', async () => {
    const credit = await create({ Name: 'Goodwill credit', Price: '-49.99', Cost: '-10' });
    expect(credit.status).toBe(200);
    expect(credit.body).toMatchObject({ Price: '-49.99', Cost: '-10.00' });
    expect((await create({ Name: 'Trailing zeros', Price: '12.500', Cost: '0' })).body).toMatchObject({ Price: '12.50' });

    const tooFine = await create({ Name: 'Too fine', Price: '12.345', Cost: '1' });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.Message).toBe('customCharge.Price: amounts in EUR have at most 2 decimals, such as 12.50.');
    const costTooFine = await create({ Name: 'Too fine', Price: '12.34', Cost: '0.001' });
    expect(costTooFine.body.Message).toContain('customCharge.Cost');
    for (const Price of ['0', '-0.00', 'abc', '1e5', '12,50', '1234567890123']) {
      const refused = await create({ Name: 'Bad price', Price, Cost: '1' });
      expect(refused.status, Price).toBe(400);
      expect(refused.body.Message, Price).toContain('customCharge.Price');
    }
    expect((await create({ Name: '', Price: '1', Cost: '1' })).body.Message).toContain('customCharge.Name');
    expect(await chargesNamed('Too fine')).toBe(0);
    expect(await chargesNamed('Bad price')).toBe(0);
  });

  it("fixes amounts at the company currency's minor unit: a currency without decimals takes whole amounts", async () => {
    const tailspin = await idOf(sql`select id from accounts where display_name = 'Tailspin Toys'`);
    await server.handle.db.execute(sql`update accounts set views = jsonb_set(views, '{Company,Values,Currency}', '"JPY"') where id = ${tailspin}`);
    const refused = await create({ Name: 'Yen charge', Price: '1200.5', Cost: '0' }, { accountId: tailspin });
    expect(refused.body.Message).toBe('customCharge.Price: amounts in JPY have at most 0 decimals, such as 12.');
    const created = await create({ Name: 'Yen charge', Price: '1200.00', Cost: '800' }, { accountId: tailspin });
    expect(created.body).toMatchObject({ Price: '1200', Cost: '800', Currency: 'JPY' });
    expect((await op('GetCustomCharges', { accountId: tailspin })).body).toMatchObject({ Currency: 'JPY', MinorUnits: 0, Total: 1 });
  });

  it('lets only the seller add charges, and only to a company', async () => {
    const byCompany = await create({ Name: 'Self-charge', Price: '1', Cost: '1' }, { cookie: companyAdmin });
    expect(byCompany.status).toBe(403);
    expect(byCompany.body.Message).toBe('Only the reseller of a company can add or delete its custom charges.');
    const northwind = await idOf(sql`select id from accounts where display_name = 'Northwind Cloud'`);
    expect((await create({ Name: 'Own charge', Price: '1', Cost: '1' }, { accountId: northwind })).status).toBe(403);
    const sales = await idOf(sql`select id from accounts where display_name = 'Sales' and type = 'Department'`);
    const onDepartment = await create({ Name: 'Department charge', Price: '1', Cost: '1' }, { accountId: sales });
    expect(onDepartment.status).toBe(400);
    expect(onDepartment.body.Message).toBe('Custom charges can be added only to a company account.');
  });

  it('deletes a pending charge after it was added, and never a billed one (409)', async () => {
    const created = await create({ Name: 'To delete', Price: '10', Cost: '5' });
    const id = created.body.CustomChargeId as number;
    expect((await op('DeleteCustomCharge', { customChargeId: id }, companyAdmin)).status).toBe(403);
    expect((await op('DeleteCustomCharge', { customChargeId: id })).status).toBe(200);
    expect(await chargesNamed('To delete')).toBe(0);
    expect((await rowsOf(sql`select 1 from audit_log where action = 'CustomChargeDeleted' and details->>'CustomChargeId' = ${String(id)}`)).length).toBe(1);
    // Gone: the same answer as any id the caller cannot see.
    expect((await op('DeleteCustomCharge', { customChargeId: id })).status).toBe(403);

    const billed = await idOf(sql`select id from custom_charges where status = 'Billed' limit 1`);
    const refused = await op('DeleteCustomCharge', { customChargeId: billed });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('The custom charge Hardware security keys (5) has already been billed and can no longer be deleted.');
    expect(await chargesNamed('Hardware security keys (5)')).toBe(1);
  });
});

describe('attachments', () => {
  it('stores a PDF under a generated name and sends it back with a safe file name to those who may read the charge', async () => {
    const pdf = demoPdf('Invoice detail');
    const created = await create({ Name: 'With a PDF', Price: '99', Cost: '50', Attachment: attachment('Invoice 2024 (final) ä.pdf', pdf, PDF_TYPE) });
    expect(created.status).toBe(200);
    const charge = created.body as unknown as CustomCharge;
    expect(charge.Attachment).toMatchObject({ FileName: 'Invoice 2024 (final) ä.pdf', ContentType: PDF_TYPE, SizeBytes: pdf.length });
    const [stored] = await rowsOf<{ storage_name: string }>(sql`select storage_name from custom_charge_attachments where custom_charge_id = ${charge.CustomChargeId}`);
    expect(stored!.storage_name).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const file = await download(charge.Attachment!.DownloadUrl, reseller);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(PDF_TYPE);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Invoice_2024__final___.pdf"');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await download(charge.Attachment!.DownloadUrl, companyAdmin)).statusCode).toBe(200);
    expect((await download(charge.Attachment!.DownloadUrl)).statusCode).toBe(401);
    const refusals = await Promise.all([download(charge.Attachment!.DownloadUrl, companyUser), download(charge.Attachment!.DownloadUrl, otherReseller), download('/custom-charges/987654321/attachment', otherReseller)]);
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(new Set(refusals.map((r) => r.body)).size).toBe(1);
  });

  it('cuts a long file name to 200 characters plus the extension', async () => {
    const created = await create({ Name: 'Long name', Price: '1', Cost: '1', Attachment: attachment(`${'a'.repeat(240)}.docx`, docxBytes, DOCX_TYPE) });
    expect(created.status).toBe(200);
    const file = await download((created.body as unknown as CustomCharge).Attachment!.DownloadUrl, reseller);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${'a'.repeat(200)}.docx"`);
  });

  it('accepts doc, docx, xls, xlsx and pdf whose name, declared type and first bytes agree', async () => {
    const xlsxBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml', 'latin1')]);
    for (const [name, bytes, type] of [
      ['a.doc', ole2Bytes, 'application/msword'],
      ['b.XLS', ole2Bytes, 'application/vnd.ms-excel'],
      ['c.docx', docxBytes, DOCX_TYPE],
      ['d.xlsx', xlsxBytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['e.pdf', demoPdf('e'), 'application/pdf; name=e.pdf'],
    ] as const) {
      expect((await create({ Name: `Accepted ${name}`, Price: '1', Cost: '1', Attachment: attachment(name, bytes, type) })).status, name).toBe(200);
    }
  });

  it('refuses other types, a content type or content that does not match the extension, and files over the limit, saving nothing', async () => {
    const refused = async (file: ReturnType<typeof attachment>) => {
      const result = await create({ Name: 'Refused attachment', Price: '1', Cost: '1', Attachment: file });
      expect(result.status, file.FileName).toBe(400);
      return result.body.Message!;
    };
    expect(await refused(attachment('tool.exe', Buffer.from('MZ'), 'application/octet-stream'))).toContain('customCharge.Attachment.FileName');
    expect(await refused(attachment('notes.txt', Buffer.from('hello'), 'text/plain'))).toContain('customCharge.Attachment.FileName');
    expect(await refused(attachment('fake.pdf', Buffer.from('<html><script>alert(1)</script>'), PDF_TYPE))).toBe('fake.pdf was refused: its content or content type is not that of a pdf file.');
    expect(await refused(attachment('typed.pdf', demoPdf('x'), 'text/html'))).toContain('typed.pdf was refused');
    expect(await refused(attachment('swapped.docx', demoPdf('x'), DOCX_TYPE))).toContain('swapped.docx was refused');
    expect(await refused(attachment('zip.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x41]), DOCX_TYPE))).toContain('zip.docx was refused');
    const tooLarge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
    expect(await refused(attachment('large.pdf', tooLarge, PDF_TYPE))).toBe('The file is too large: at most 512 KB are allowed.');
    expect(await refused({ FileName: 'bad.pdf', ContentType: PDF_TYPE, ContentBase64: 'not base64!' })).toContain('customCharge.Attachment.ContentBase64');
    expect(await chargesNamed('Refused attachment')).toBe(0);
  });
});

describe('Idempotency-Key on CreateCustomCharge', () => {
  it('answers the same charge for the same key and body, with one row', async () => {
    const body = { Name: 'Idempotent charge', Price: '30', Cost: '10' };
    const first = await create(body, { key: 'charge-key-1' });
    const again = await create(body, { key: 'charge-key-1' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.CustomChargeId).toBe(first.body.CustomChargeId);
    expect(await chargesNamed('Idempotent charge')).toBe(1);
  });

  it('refuses the same key with another body (422)', async () => {
    await create({ Name: 'Keyed charge', Price: '30', Cost: '10' }, { key: 'charge-key-2' });
    const other = await create({ Name: 'Keyed charge', Price: '31', Cost: '10' }, { key: 'charge-key-2' });
    expect(other.status).toBe(422);
    expect(other.body.Message).toContain('Idempotency-Key');
    expect(await chargesNamed('Keyed charge')).toBe(1);
  });

  it('creates one charge for concurrent requests with one key (a double click)', async () => {
    const body = { Name: 'Double click', Price: '15', Cost: '5', Attachment: attachment('sow.pdf', demoPdf('sow'), PDF_TYPE) };
    const results = await Promise.all(Array.from({ length: 4 }, () => create(body, { key: 'charge-key-3' })));
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    expect(new Set(results.filter((result) => result.status === 200).map((result) => result.body.CustomChargeId)).size).toBe(1);
    expect(await chargesNamed('Double click')).toBe(1);
  });
});

describe('another reseller (cross-tenant)', () => {
  it("answers Fabrikam's administrator on Contoso's charges exactly as on ids that do not exist", async () => {
    const charge = await idOf(sql`select id from custom_charges where status = 'PendingBilling' order by id limit 1`);
    const pairs = [
      [op('GetCustomCharges', { accountId: contoso }, otherReseller), op('GetCustomCharges', { accountId: 987_654_321 }, otherReseller)],
      [create({ Name: 'Foreign', Price: '1', Cost: '1' }, { cookie: otherReseller }), create({ Name: 'Foreign', Price: '1', Cost: '1' }, { cookie: otherReseller, accountId: 987_654_321 })],
      [op('DeleteCustomCharge', { customChargeId: charge }, otherReseller), op('DeleteCustomCharge', { customChargeId: 987_654_321 }, otherReseller)],
    ];
    for (const [foreign, missing] of pairs) {
      const [a, b] = await Promise.all([foreign!, missing!]);
      expect(a.status).toBe(403);
      expect(b.status).toBe(403);
      expect(a.body).toEqual(b.body);
    }
    expect(await chargesNamed('Foreign')).toBe(0);
    expect((await rowsOf(sql`select 1 from custom_charges where id = ${charge}`)).length).toBe(1);
  });
});
