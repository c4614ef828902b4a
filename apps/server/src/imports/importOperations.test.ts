import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { runImport } from './importRunner';

// Issue 17 "Account imports" through IImportService on the demo world: a file is checked row by row
// before anything is written, imported one row group per transaction by the job, cancelled while
// pending, and never reachable from another hierarchy.

let server: TestServer;
let reseller: string;
let otherReseller: string;
let companyUser: string;
let northwindId: number;
const op = (name: string, body: unknown, cookie: string) => call(server.app, `IImportService/${name}`, body, { cookie });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const csvFile = (name: string, lines: string[]) => ({ FileName: name, ContentBase64: Buffer.from(lines.join('\r\n'), 'utf8').toString('base64') });
const HEADER = 'Type,Company,Department,AccountIdentificator,Country,Currency,Firstname,Lastname,Email,Username';

const GOOD_AND_BAD = [
  HEADER,
  'Company,Alpha Imports Ltd,,ALPHA-IMP,GB,GBP,,,,',
  'Department,Alpha Imports Ltd,Sales,,,,,,,',
  'User,Alpha Imports Ltd,Sales,,,,Ann,Alpha,ann@alpha.example,ann.alpha.import',
  'User,Alpha Imports Ltd,,,,,Bob,Alpha,bob@alpha.example,bob.alpha.import',
  // Row 6 on: a company whose user has no e-mail address and whose second user repeats a username.
  'Company,Beta Imports Ltd,,BETA-IMP,GB,GBP,,,,',
  'User,Beta Imports Ltd,,,,,Cid,Beta,,cid.beta.import',
  'User,Beta Imports Ltd,,,,,Dee,Beta,dee@beta.example,ann.alpha.import',
  'Company,Gamma Imports Ltd,,,DE,EUR,,,,',
];

async function waitForEnd(importId: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i += 1) {
    const list = await op('GetImports', { search: '' }, reseller);
    const found = (list.body.Imports as { ImportId: number; Status: string }[]).find((i) => i.ImportId === importId);
    if (found && !['Pending', 'InProgress'].includes(found.Status)) return found as unknown as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`import ${importId} did not finish`);
}

beforeAll(async () => {
  server = await startTestServer();
  [reseller, otherReseller, companyUser] = await Promise.all(['reseller.admin', 'other.admin', 'company.user'].map((name) => signIn(server.app, name)));
  northwindId = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Northwind Cloud'`))[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('account imports', () => {
  let importId: number;

  it('checks every row before anything is written and reports the bad ones with their row numbers', async () => {
    const upload = await op('UploadImport', { file: csvFile('customers.csv', GOOD_AND_BAD) }, reseller);
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const answer = upload.body as { Import: { ImportId: number; Status: string; ScheduleDate: null; RowCount: number; GroupCount: number; ErrorCount: number; Type: string; Creator: string }; Errors: { Row: number; Column: string; Message: string }[] };
    importId = answer.Import.ImportId;
    expect(answer.Import).toMatchObject({ Status: 'Pending', ScheduleDate: null, RowCount: 8, GroupCount: 3, ErrorCount: 2, Type: 'CSV', Creator: 'Nora Winters' });
    expect(answer.Errors.map((e) => [e.Row, e.Column])).toEqual([
      [7, 'Email'],
      [8, 'Username'],
    ]);
    expect(answer.Errors[0]!.Message).toMatch(/Email/);
    expect(answer.Errors[1]!.Message).toMatch(/ann\.alpha\.import/);
    // Nothing written yet.
    expect(await rowsOf(sql`select id from accounts where display_name like '% Imports Ltd'`)).toEqual([]);
    const report = await op('GetImportErrors', { importId, importAccountId: northwindId }, reseller);
    expect(report.status).toBe(200);
    expect(report.body.Total).toBe(2);
  });

  it('refuses to schedule a file with errors unless told to import only the groups without them', async () => {
    const refused = await op('ScheduleImport', { importId, inputDto: {} }, reseller);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toMatch(/2 errors/);
    const scheduled = await op('ScheduleImport', { importId, inputDto: { skipInvalidGroups: true, scheduleDate: null } }, reseller);
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.ScheduleDate).toBeTruthy();
  });

  it('imports the good groups whole, nothing of a bad group, and says so', async () => {
    const done = await waitForEnd(importId);
    expect(done).toMatchObject({ Status: 'Error', ImportedAccountsCount: 5, ErrorCount: 2, GroupsDone: 3 });
    const created = await rowsOf<{ type: string; display_name: string; parent: string }>(
      sql`select a.type, a.display_name, p.display_name as parent from accounts a join accounts p on p.id = a.parent_id where a.path like ${`%/${northwindId}/%`} and a.id in (select account_id from audit_log where action = 'AccountCreated' and details ->> 'ImportId' = ${String(importId)}) or a.display_name in ('Beta Imports Ltd', 'Cid Beta', 'Dee Beta') order by a.id`,
    );
    expect(created.map((a) => [a.type, a.display_name, a.parent])).toEqual([
      ['Company', 'Alpha Imports Ltd', 'Northwind Cloud'],
      ['Department', 'Sales', 'Alpha Imports Ltd'],
      ['User', 'Ann Alpha', 'Sales'],
      ['User', 'Bob Alpha', 'Alpha Imports Ltd'],
      ['Company', 'Gamma Imports Ltd', 'Northwind Cloud'],
    ]);
    // The new company owns its starting roles and the users can sign in once they set a password.
    expect(await rowsOf(sql`select 1 from users where username in ('ann.alpha.import', 'bob.alpha.import')`)).toHaveLength(2);
    const audit = await rowsOf<{ action: string }>(sql`select action from audit_log where details ->> 'ImportId' = ${String(importId)}`);
    expect(audit.filter((a) => a.action === 'AccountCreated')).toHaveLength(5);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['AccountsImportUploaded', 'AccountsImportScheduled', 'AccountsImportFinished']));
    // Each imported user is invited as CreateAccount invites: a set-password link from the import's creator.
    const mails = await rowsOf<{ recipient: string; text_body: string }>(sql`select recipient, text_body from mail_outbox where recipient like '%@alpha.example' order by recipient`);
    expect(mails.map((m) => m.recipient)).toEqual(['ann@alpha.example', 'bob@alpha.example']);
    expect(mails[0]!.text_body).toContain('Nora Winters');
    const link = mails[0]!.text_body.match(/#\/reset-password\/ann\.alpha\.import\/([\w-]+)/);
    expect(link).not.toBeNull();
    const reset = await call(server.app, 'ISelfCareService/ResetPassword', { username: 'ann.alpha.import', token: link![1], newPassword: 'Imported-Pass-2026!' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const [credentials] = await rowsOf<{ has_password: boolean }>(sql`select password_hash is not null as has_password from users where username = 'ann.alpha.import'`);
    expect(credentials).toEqual({ has_password: true });
  });

  it('creates nothing twice when a killed run is started again', async () => {
    await server.handle.db.execute(sql`update account_imports set status = 'InProgress' where id = ${importId}`);
    await runImport(server.handle.db, importId, server.config);
    expect(await rowsOf(sql`select id from accounts where display_name in ('Alpha Imports Ltd', 'Gamma Imports Ltd')`)).toHaveLength(2);
    const [record] = await rowsOf<{ status: string; imported_count: number }>(sql`select status, imported_count from account_imports where id = ${importId}`);
    expect(record).toEqual({ status: 'Error', imported_count: 5 });
  });

  it('cancels a pending import, and only a pending one', async () => {
    const upload = await op('UploadImport', { file: csvFile('later.csv', [HEADER, 'Company,Delta Imports Ltd,,,GB,GBP,,,,']) }, reseller);
    const id = (upload.body.Import as { ImportId: number }).ImportId;
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await op('ScheduleImport', { importId: id, inputDto: { scheduleDate: later } }, reseller)).body.Status).toBe('Pending');
    const cancelled = await op('CancelImport', { importId: id }, reseller);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.Status).toBe('Cancelled');
    expect((await op('CancelImport', { importId: id }, reseller)).status).toBe(409);
    expect((await op('CancelImport', { importId }, reseller)).status).toBe(409);
    await runImport(server.handle.db, id, server.config);
    expect(await rowsOf(sql`select id from accounts where display_name = 'Delta Imports Ltd'`)).toEqual([]);
  });

  it('reports a file that is not what its name says, or lacks the columns', async () => {
    expect((await op('UploadImport', { file: { FileName: 'x.xlsx', ContentBase64: Buffer.from('Type,Company').toString('base64') } }, reseller)).status).toBe(400);
    expect((await op('UploadImport', { file: { FileName: 'x.txt', ContentBase64: 'QQ==' } }, reseller)).status).toBe(400);
    const noColumns = await op('UploadImport', { file: csvFile('x.csv', ['Name,Email', 'a,b']) }, reseller);
    expect(noColumns.status).toBe(200);
    expect((noColumns.body.Errors as { Row: number; Message: string }[])[0]).toMatchObject({ Row: 1, Message: expect.stringMatching(/Type/) });
  });

  it('reads the Excel template back as a valid import', async () => {
    const template = await op('GetImportTemplate', { format: 'Excel' }, reseller);
    expect(template.status).toBe(200);
    const upload = await op('UploadImport', { file: { FileName: template.body.FileName as string, ContentBase64: template.body.ContentBase64 as string } }, reseller);
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.Import).toMatchObject({ Type: 'Excel', RowCount: 4, GroupCount: 1, ErrorCount: 0 });
  });

  it('takes a file beyond the JSON size limit as the body itself, streamed, with the other fields in the query', async () => {
    // 3,000 companies: about 1.3 MB, more than the JSON body of other operations may carry (1 MB).
    const lines = [HEADER, ...Array.from({ length: 3_000 }, (_, i) => `Company,Streamed Company ${i} ${'x'.repeat(380)},,,GB,GBP,,,,`)];
    const file = Buffer.from(lines.join('\r\n'), 'utf8');
    expect(file.length).toBeGreaterThan(server.config.bodyLimitBytes);
    const upload = (query: string, payload: Buffer | string, cookie = reseller) =>
      server.app.inject({ method: 'POST', url: `/DataModel/service.svc/rest/IImportService/UploadImport?${query}`, headers: { 'content-type': 'application/octet-stream', cookie }, payload });
    const answer = await upload(`FileName=big.csv&name=${encodeURIComponent('Big streamed file')}&parentAccountId=${northwindId}`, file);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(JSON.parse(answer.body).Import).toMatchObject({ Name: 'Big streamed file', Type: 'CSV', RowCount: 3_000, GroupCount: 3_000, Status: 'Pending' });
    const [stored] = await rowsOf<{ bytes: number }>(sql`select sum(length(data))::int as bytes from account_import_chunks where import_id = ${JSON.parse(answer.body).Import.ImportId}`);
    expect(stored!.bytes).toBe(file.length);

    // The query is checked like a body: a missing or wrong name is a 400 naming the field; another hierarchy is refused.
    const noName = await upload('name=x', file.subarray(0, 1000));
    expect(noName.statusCode).toBe(400);
    expect(JSON.parse(noName.body).Message).toContain('FileName');
    expect((await upload('FileName=big.xlsx', file.subarray(0, 1000))).statusCode).toBe(400);
    expect((await upload(`FileName=big.csv&parentAccountId=${northwindId}`, file.subarray(0, 1000), otherReseller)).statusCode).toBe(403);
    // Operations without a file body keep to JSON.
    const notJson = await server.app.inject({ method: 'POST', url: '/DataModel/service.svc/rest/IImportService/GetImports', headers: { 'content-type': 'application/octet-stream', cookie: reseller }, payload: 'x' });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps another hierarchy out and a caller without My Imports', async () => {
    expect((await op('GetImportErrors', { importId }, otherReseller)).status).toBe(403);
    expect((await op('CancelImport', { importId }, otherReseller)).status).toBe(403);
    expect((await op('ValidateImport', { importId }, otherReseller)).status).toBe(403);
    expect((await op('ScheduleImport', { importId, inputDto: {} }, otherReseller)).status).toBe(403);
    expect((await op('UploadImport', { file: csvFile('x.csv', GOOD_AND_BAD), parentAccountId: northwindId }, otherReseller)).status).toBe(403);
    const theirs = await op('GetImports', {}, otherReseller);
    expect(theirs.status).toBe(200);
    expect((theirs.body.Imports as { ImportId: number }[]).map((i) => i.ImportId)).not.toContain(importId);
    expect((await op('GetImports', {}, companyUser)).status).toBe(403);
    expect((await op('GetImportErrors', { importId: 999_999 }, reseller)).status).toBe(403);
  });
});
