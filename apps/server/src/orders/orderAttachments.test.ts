import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_ATTACHMENT_BYTES } from '@cmp/contracts/customCharges';
import { MAX_ATTACHMENTS_PER_ORDER, type OrderAttachment } from '@cmp/contracts/orderAttachments';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { demoPdf } from '../demo/demoCustomCharges';

// Issue 14 "Orders carry … attachments (doc, docx, xls, xlsx, pdf; size limit; safe names)", on the
// demo world: Contoso's company.admin places orders above the credit limit (Pending), attaches
// files; Northwind's reseller.admin (Account Manager) may too; Fabrikam's other.admin sees nothing.

let server: TestServer;
let reseller: string;
let companyAdmin: string;
let companyUser: string;
let otherReseller: string;
let contoso: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
type Answer = { status: number; body: any };
const op = async (name: string, body: unknown, cookie: string): Promise<Answer> => {
  const { status, body: answer } = await call(server.app, `IAccountService/${name}`, body, { cookie });
  return { status, body: answer };
};
const add = (orderId: number, fileName: string, content: Buffer, cookie = companyAdmin, contentType?: string) =>
  op('AddOrderAttachment', { orderId, fileName, contentBase64: content.toString('base64'), ...(contentType ? { contentType } : {}) }, cookie);
const list = (orderId: number, cookie = companyAdmin) => op('GetOrderAttachments', { orderId }, cookie);
const attachmentRows = (orderId: number) => rowsOf<{ file_name: string }>(sql`select file_name from order_attachments where order_id = ${orderId} order by id`);

/** Orders Contoso above its credit limit (400 devices × 3.22 > the EUR 1,019.26 left): the order waits, Pending. */
async function placePending(): Promise<number> {
  const placed = await op('PlaceOrder', { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 400, commitment: '1-month', billingFrequency: 'Monthly' }, companyAdmin);
  expect(placed.status).toBe(200);
  expect(placed.body.Order.ApprovalStatus).toBe('Pending');
  return placed.body.Order.Id as number;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const docxBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.from('word/document.xml<w:document/>', 'latin1')]);
const xlsxBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml', 'latin1')]);
const ole2Bytes = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

beforeAll(async () => {
  server = await startTestServer();
  [reseller, companyAdmin, companyUser, otherReseller] = await Promise.all(['reseller.admin', 'company.admin', 'company.user', 'other.admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('adding, listing, downloading and deleting', () => {
  it('attaches a pdf to a Pending order, lists it, answers its bytes, and audits the addition', async () => {
    const orderId = await placePending();
    const pdf = demoPdf('Signed offer');
    const added = await add(orderId, 'Signed offer.pdf', pdf);
    expect(added.status).toBe(200);
    const attachment = added.body.Attachment as OrderAttachment;
    expect(attachment).toMatchObject({ OrderId: orderId, FileName: 'Signed offer.pdf', ContentType: 'application/pdf', SizeBytes: pdf.length, CreatedByName: 'Claire Dubois' });

    const listed = await list(orderId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ Attachments: [attachment], CanEdit: true, MaxAttachments: MAX_ATTACHMENTS_PER_ORDER });

    const downloaded = await op('DownloadOrderAttachment', { attachmentId: attachment.AttachmentId }, companyAdmin);
    expect(downloaded.status).toBe(200);
    expect(downloaded.body).toEqual({ FileName: 'Signed_offer.pdf', ContentType: 'application/pdf', ContentBase64: pdf.toString('base64') });

    const audit = await rowsOf<{ account_id: number; details: { OrderId: number; FileName: string } }>(sql`select account_id, details from audit_log where action = 'OrderAttachmentAdded' and (details->>'OrderId')::int = ${orderId}`);
    expect(audit).toEqual([{ account_id: contoso, details: expect.objectContaining({ OrderId: orderId, FileName: 'Signed offer.pdf' }) }]);
  });

  it('accepts every allowed type whose bytes match, with or without a declared content type', async () => {
    const orderId = await placePending();
    for (const [name, bytes, type] of [
      ['a.doc', ole2Bytes, 'application/msword'],
      ['b.XLS', ole2Bytes, undefined],
      ['c.docx', docxBytes, DOCX_TYPE],
      ['d.xlsx', xlsxBytes, undefined],
      ['e.pdf', demoPdf('e'), 'application/pdf'],
    ] as const) {
      expect((await add(orderId, name, bytes, companyAdmin, type)).status, name).toBe(200);
    }
    expect((await list(orderId)).body.Attachments.map((a: OrderAttachment) => [a.FileName, a.ContentType])).toEqual([
      ['a.doc', 'application/msword'],
      ['b.XLS', 'application/vnd.ms-excel'],
      ['c.docx', DOCX_TYPE],
      ['d.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['e.pdf', 'application/pdf'],
    ]);
  });

  it('deletes an attachment of a Pending order and audits it', async () => {
    const orderId = await placePending();
    const added = (await add(orderId, 'draft.pdf', demoPdf('draft'))).body.Attachment as OrderAttachment;
    const deleted = await op('DeleteOrderAttachment', { attachmentId: added.AttachmentId }, companyAdmin);
    expect(deleted).toEqual({ status: 200, body: { AttachmentId: added.AttachmentId, OrderId: orderId } });
    expect(await attachmentRows(orderId)).toEqual([]);
    expect((await op('DownloadOrderAttachment', { attachmentId: added.AttachmentId }, companyAdmin)).status).toBe(403);
    const audit = await rowsOf<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'OrderAttachmentDeleted' and (details->>'OrderId')::int = ${orderId}`);
    expect(audit[0]!.n).toBe(1);
  });

  it("lets the company's Account Manager (reseller.admin) add to the order too", async () => {
    const orderId = await placePending();
    expect((await add(orderId, 'credit note.pdf', demoPdf('credit'), reseller)).status).toBe(200);
    expect((await list(orderId, reseller)).body).toMatchObject({ CanEdit: true, Attachments: [{ FileName: 'credit note.pdf', CreatedByName: expect.any(String) }] });
  });
});

describe('refused files', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = await placePending();
  });

  it('refuses other types and content that does not match its name or declared type, saving nothing', async () => {
    const refused = async (fileName: string, content: Buffer, contentType?: string) => {
      const result = await add(orderId, fileName, content, companyAdmin, contentType);
      expect(result.status, fileName).toBe(400);
      return result.body.Message as string;
    };
    expect(await refused('tool.exe', Buffer.from('MZ'))).toContain('fileName');
    expect(await refused('notes.txt', Buffer.from('hello'))).toContain('fileName');
    expect(await refused('fake.pdf', Buffer.from('<html><script>alert(1)</script>'))).toBe('fake.pdf was refused: its content or content type is not that of a pdf file.');
    expect(await refused('typed.pdf', demoPdf('x'), 'text/html')).toContain('typed.pdf was refused');
    expect(await refused('swapped.docx', demoPdf('x'))).toContain('swapped.docx was refused');
    expect(await attachmentRows(orderId)).toEqual([]);
  });

  it('refuses a file over the size limit with the limit in the message', async () => {
    const big = Buffer.concat([demoPdf('big'), Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
    const result = await add(orderId, 'big.pdf', big);
    expect(result).toEqual({ status: 400, body: { Message: 'The file is too large: at most 512 KB are allowed.' } });
    expect(await attachmentRows(orderId)).toEqual([]);
  });

  it('stores a safe name: no path parts, no control or direction characters', async () => {
    const added = await add(orderId, 'C:\\Users\\claire\\..\\Offer\u0007\u001b \u202e2024\t final.pdf', demoPdf('safe'));
    expect(added.body).toMatchObject({ Attachment: { FileName: 'Offer 2024 final.pdf' } });
    const traversal = await add(orderId, '../../etc/passwd.pdf', demoPdf('safe'));
    expect(traversal.body.Attachment.FileName).toBe('passwd.pdf');
    expect((await attachmentRows(orderId)).map((row) => row.file_name)).toEqual(['Offer 2024 final.pdf', 'passwd.pdf']);
    // A name that is only a path, once made safe, has no name left.
    expect((await add(orderId, 'folder/', demoPdf('x'))).status).toBe(400);
  });

  it(`refuses an attachment beyond ${MAX_ATTACHMENTS_PER_ORDER} per order`, async () => {
    const full = await placePending();
    for (let index = 0; index < MAX_ATTACHMENTS_PER_ORDER; index += 1) expect((await add(full, `part ${index}.pdf`, demoPdf(String(index)))).status).toBe(200);
    const refused = await add(full, 'one too many.pdf', demoPdf('x'));
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain(`${MAX_ATTACHMENTS_PER_ORDER} attachments`);
    expect(await attachmentRows(full)).toHaveLength(MAX_ATTACHMENTS_PER_ORDER);
  });
});

describe('who may', () => {
  let orderId: number;
  let attachmentId: number;
  beforeAll(async () => {
    orderId = await placePending();
    attachmentId = (await add(orderId, 'contract.pdf', demoPdf('contract'))).body.Attachment.AttachmentId;
  });

  it('answers 403 to someone outside the hierarchy, the same as for ids that do not exist', async () => {
    const foreign = await Promise.all([
      list(orderId, otherReseller),
      add(orderId, 'x.pdf', demoPdf('x'), otherReseller),
      op('DownloadOrderAttachment', { attachmentId }, otherReseller),
      op('DeleteOrderAttachment', { attachmentId }, otherReseller),
    ]);
    const missing = await Promise.all([
      list(987_654_321, otherReseller),
      add(987_654_321, 'x.pdf', demoPdf('x'), otherReseller),
      op('DownloadOrderAttachment', { attachmentId: 987_654_321 }, otherReseller),
      op('DeleteOrderAttachment', { attachmentId: 987_654_321 }, otherReseller),
    ]);
    for (const answer of [...foreign, ...missing]) expect(answer).toEqual({ status: 403, body: { Message: expect.any(String) } });
    expect(new Set([...foreign, ...missing].map((answer) => answer.body.Message)).size).toBe(1);
    expect(await attachmentRows(orderId)).toEqual([{ file_name: 'contract.pdf' }]);
  });

  it('answers 403 to a plain user of the company who did not place the order', async () => {
    expect((await list(orderId, companyUser)).status).toBe(403);
    expect((await op('DownloadOrderAttachment', { attachmentId }, companyUser)).status).toBe(403);
    expect((await op('DeleteOrderAttachment', { attachmentId }, companyUser)).status).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await call(server.app, 'IAccountService/GetOrderAttachments', { orderId })).status).toBe(401);
  });

  it('refuses adding and deleting once the order is no longer Pending, and still lists and downloads', async () => {
    const cancelled = await op('CancelCreditCheckOrder', { orderId, reason: 'Ordered by mistake' }, companyAdmin);
    expect(cancelled.body.Order.ApprovalStatus).toBe('Cancelled');
    const deleted = await op('DeleteOrderAttachment', { attachmentId }, companyAdmin);
    expect(deleted.status).toBe(409);
    expect(deleted.body.Message).toBe(`Order ${orderId} is Cancelled: attachments can be added or removed only while it is Pending.`);
    expect((await add(orderId, 'late.pdf', demoPdf('late'))).status).toBe(409);
    expect(await attachmentRows(orderId)).toEqual([{ file_name: 'contract.pdf' }]);
    expect((await list(orderId)).body).toMatchObject({ CanEdit: false, Attachments: [{ FileName: 'contract.pdf' }] });
    expect((await op('DownloadOrderAttachment', { attachmentId }, companyAdmin)).status).toBe(200);
  });
});
