import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import type { FrequentReport, ReportDefinition, ReportResult } from '@cmp/contracts/reporting';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { REPORTS } from './reports';
import { columnKey, descriptionKey, optionKey, parameterKey, reportTextsOf, titleKey, valueKey } from './reportTexts';
import type { ReportSpec } from './reportSpec';

// Issue 15 "Reports": IReportingService on the demo world. Northwind Cloud (reseller.admin) sells to
// Contoso Ltd (company.admin), Adventure Works and Tailspin Toys; Fabrikam Distribution (other.admin)
// is another reseller with Litware and Proseware. Every report reads the caller's hierarchy only.

let server: TestServer;
let reseller: string;
let companyAdmin: string;
let companyUser: string;
let otherReseller: string;
let contoso: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const op = (name: string, body: unknown, cookie: string, headers: Record<string, string> = {}) => call(server.app, `IReportingService/${name}`, body, { cookie, headers });
const run = (cookie: string, reportName: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => op('RunReport', { reportName, ...extra }, cookie, headers);
const result = (body: unknown) => body as unknown as ReportResult;
const columnOf = (r: ReportResult, name: string) => r.Rows.map((row) => row[r.Columns.findIndex((c) => c.Name === name)]);

/** The companies (and resellers) whose rows a caller may see: everything under the path of the caller's organisation. */
async function namesUnder(organisation: string): Promise<Set<string>> {
  const rows = await rowsOf<{ name: string }>(
    sql`select a.display_name as name from accounts a, accounts o where o.display_name = ${organisation} and a.path like o.path || '%' and a.type in ('Company', 'Reseller')`,
  );
  return new Set(rows.map((r) => r.name));
}

beforeAll(async () => {
  server = await startTestServer();
  [reseller, companyAdmin, companyUser, otherReseller] = await Promise.all(['reseller.admin', 'company.admin', 'company.user', 'other.admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd'`))[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('the registry and its texts', () => {
  it('has a title, a description and every parameter, option, column and coded-value text in all 15 languages', () => {
    const en = reportTextsOf('en');
    const needed = REPORTS.flatMap((report) => [
      titleKey(report.name),
      descriptionKey(report.name),
      ...report.parameters.flatMap((p) => [parameterKey(p.name), ...(p.options ?? []).map((o) => optionKey(p.name, o))]),
      ...report.columns.map((c) => columnKey(c.name)),
    ]);
    expect(needed.filter((key) => !(key in en))).toEqual([]);
    for (const locale of SUPPORTED_LOCALES) {
      const texts = reportTextsOf(locale);
      expect(Object.keys(en).filter((key) => !texts[key]?.trim()), locale).toEqual([]);
    }
    // Coded cells (statuses) have their words too.
    expect(en[valueKey('order_status', 'Pending')]).toBe('Pending');
  });

  it('answers GetReports with the reports the caller may run, translated, with the customers of the caller only', async () => {
    const answer = await op('GetReports', {}, reseller, { 'accept-language': 'de' });
    expect(answer.status).toBe(200);
    const reports = answer.body.Reports as ReportDefinition[];
    expect(reports.map((r) => r.Name)).toEqual(REPORTS.map((r) => r.name));
    const orders = reports.find((r) => r.Name === 'OrdersByStatus')!;
    expect(orders).toMatchObject({ Title: 'Bestellungen nach Status', TitleKey: 'report_OrdersByStatus_title', Chart: { Type: 'bar', LabelColumn: 'Status', ValueColumns: ['Orders'] } });
    const customers = orders.Parameters.find((p) => p.Name === 'customer')!.Options.map((o) => o.Label);
    expect(customers).toEqual(['Adventure Works', 'Contoso Ltd', 'Tailspin Toys']);
    const failures = reports.find((r) => r.Name === 'ProvisioningFailures')!;
    expect(failures.Parameters.find((p) => p.Name === 'vendor')!.Options.map((o) => o.Label)).toEqual(['Skyline Software']);
    const others = ((await op('GetReports', {}, otherReseller)).body.Reports as ReportDefinition[]).find((r) => r.Name === 'OrdersByStatus')!;
    expect(others.Parameters.find((p) => p.Name === 'customer')!.Options.map((o) => o.Label)).not.toContain('Contoso Ltd');
  });

  it('refuses a caller without Reporting Read (a plain user) with 403', async () => {
    expect((await op('GetReports', {}, companyUser)).status).toBe(403);
    expect((await op('GetFrequentReports', {}, companyUser)).status).toBe(403);
    expect((await run(companyUser, 'OrdersByStatus')).status).toBe(403);
  });
});

describe('every report, scoped to the caller', () => {
  const longEnough = (report: ReportSpec) => (report.name === 'SubscriptionsEnding' ? { paremeterFields: [{ name: 'days', value: '730' }] } : {});
  const namedColumns = ['Customer', 'Company'];

  for (const report of REPORTS) {
    it(`${report.name}: reseller.admin sees Northwind's customers, company.admin Contoso only, other.admin nothing of Contoso`, async () => {
      const northwind = await namesUnder('Northwind Cloud');
      const fabrikam = await namesUnder('Fabrikam Distribution');
      const asReseller = await run(reseller, report.name, longEnough(report));
      const asCompany = await run(companyAdmin, report.name, longEnough(report));
      const asOther = await run(otherReseller, report.name, longEnough(report));
      for (const answer of [asReseller, asCompany, asOther]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const mine = result(asReseller.body);
      const contosos = result(asCompany.body);
      const others = result(asOther.body);
      expect(mine.TotalCount).toBeGreaterThan(0);
      expect(contosos.TotalCount).toBeGreaterThan(0);
      expect(contosos.TotalCount).toBeLessThanOrEqual(mine.TotalCount);
      // Nothing of the other reseller's tree leaks, whichever way: no Contoso cell at Fabrikam's.
      expect(JSON.stringify(others.Rows)).not.toContain('Contoso');
      expect(JSON.stringify(others.Rows)).not.toContain('company.admin');
      for (const name of namedColumns.filter((n) => report.columns.some((c) => c.name === n))) {
        expect(columnOf(mine, name).every((cell) => northwind.has(cell as string)), `${name} ${JSON.stringify(columnOf(mine, name))}`).toBe(true);
        expect(new Set(columnOf(contosos, name))).toEqual(new Set(['Contoso Ltd']));
        expect(columnOf(others, name).every((cell) => fabrikam.has(cell as string))).toBe(true);
      }
    });
  }

  it('counts what the demo world holds: Contoso has 4 active subscriptions (76 seats), the reseller also sees a rejected order elsewhere', async () => {
    const subscriptions = result((await run(companyAdmin, 'ActiveSubscriptions', { sort: { column: 'Seats', direction: 'desc' } })).body);
    expect(columnOf(subscriptions, 'Seats')).toEqual([40, 25, 10, 1]);
    expect(subscriptions.Chart).toMatchObject({ Type: 'bar', Labels: ['Skyline Software'], Series: [{ Column: 'Subscriptions', Values: [4] }, { Column: 'Seats', Values: [76] }] });
    const contosoOrders = result((await run(companyAdmin, 'OrdersByStatus', { sort: { column: 'Status', direction: 'asc' } })).body);
    const resellerOrders = result((await run(reseller, 'OrdersByStatus', { sort: { column: 'Status', direction: 'asc' } })).body);
    // The demo's orders are placed through PlaceOrder (issue 30): Contoso's one order waits for approval.
    expect(columnOf(contosoOrders, 'Status')).toEqual(['Pending']);
    expect(columnOf(resellerOrders, 'Status')).toEqual(['Approved', 'Pending', 'Rejected']);
    // Approval time: created → decided, in hours (the credit check approves as the order is placed).
    expect(columnOf(resellerOrders, 'AverageApprovalHours')).toEqual([0, null, 24]);
    expect(resellerOrders.Chart!.Labels).toEqual(['Approved', 'Pending', 'Rejected']);
  });

  it('narrows to one customer of the caller, and refuses a customer outside the hierarchy like a missing one (403)', async () => {
    const narrowed = result((await run(reseller, 'UsersMfa', { paremeterFields: [{ name: 'customer', value: String(contoso) }] })).body);
    expect(new Set(columnOf(narrowed, 'Company'))).toEqual(new Set(['Contoso Ltd']));
    const foreign = await run(otherReseller, 'UsersMfa', { paremeterFields: [{ name: 'customer', value: String(contoso) }] });
    const missing = await run(otherReseller, 'UsersMfa', { paremeterFields: [{ name: 'customer', value: '987654321' }] });
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('sorting and paging on the server', () => {
  it('pages through the users sorted by username, both ways, with the total on every page', async () => {
    const all = result((await run(reseller, 'UsersMfa', { sort: { column: 'Username', direction: 'asc' }, pageSize: 200 })).body);
    const usernames = columnOf(all, 'Username') as string[];
    expect(usernames.length).toBeGreaterThan(4);
    expect(usernames).toEqual([...usernames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page0 = result((await run(reseller, 'UsersMfa', { sort: { column: 'Username', direction: 'asc' }, page: 0, pageSize: 2 })).body);
    const page1 = result((await run(reseller, 'UsersMfa', { sort: { column: 'Username', direction: 'asc' }, page: 1, pageSize: 2 })).body);
    expect([...columnOf(page0, 'Username'), ...columnOf(page1, 'Username')]).toEqual(usernames.slice(0, 4));
    expect(page0.TotalCount).toBe(usernames.length);
    expect(page1.TotalCount).toBe(usernames.length);
    const descending = result((await run(reseller, 'UsersMfa', { sort: { column: 'Username', direction: 'desc' }, pageSize: 200 })).body);
    expect(columnOf(descending, 'Username')).toEqual([...usernames].reverse());
  });

  it('answers the asked columns in the asked order', async () => {
    const answer = result((await run(reseller, 'ActiveSubscriptions', { columns: ['Seats', 'Customer'] })).body);
    expect(answer.Columns.map((c) => c.Name)).toEqual(['Seats', 'Customer']);
    expect(answer.Rows.every((row) => row.length === 2 && typeof row[0] === 'number')).toBe(true);
  });
});

describe('errors', () => {
  it('answers 404 "Report not found" for an unknown report', async () => {
    const answer = await run(reseller, 'NoSuchReport');
    expect(answer.status).toBe(404);
    expect(answer.body.Message).toBe('Report not found');
  });

  it('answers 400 naming the parameter for a bad value, an unknown parameter, column or sort column', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ reportName: 'SubscriptionsEnding', paremeterFields: [{ name: 'days', value: '0' }] }, 'days'],
      [{ reportName: 'SubscriptionsEnding', paremeterFields: [{ name: 'days', value: 'soon' }] }, 'days'],
      [{ reportName: 'OrdersByStatus', paremeterFields: [{ name: 'period', value: '2026-13-01/2026-12-31' }] }, 'period'],
      [{ reportName: 'OrdersByStatus', paremeterFields: [{ name: 'period', value: '2026-12-31/2026-01-01' }] }, 'period'],
      [{ reportName: 'OrdersByStatus', paremeterFields: [{ name: 'status', value: 'Lost' }] }, 'status'],
      [{ reportName: 'OrdersByStatus', paremeterFields: [{ name: 'colour', value: 'red' }] }, 'paremeterFields'],
      [{ reportName: 'OrdersByStatus', columns: ['Status', 'Secret'] }, 'columns'],
      [{ reportName: 'OrdersByStatus', sort: { column: 'password_hash', direction: 'asc' } }, 'sort'],
    ];
    for (const [body, field] of cases) {
      const answer = await op('RunReport', body, reseller);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.Message, JSON.stringify(body)).toContain(field);
    }
  });

  it('answers 500 "Failed to execute report" when the query fails, and logs it', async () => {
    const broken: ReportSpec = {
      name: 'BrokenProbe',
      parameters: [],
      columns: [{ name: 'X', type: 'number', sortable: true }],
      defaultSort: { column: 'X', direction: 'asc' },
      chart: { type: 'none' },
      query: () => sql`select 1 / 0 as "X"`,
    };
    (REPORTS as ReportSpec[]).push(broken);
    try {
      const answer = await run(reseller, 'BrokenProbe');
      expect(answer.status).toBe(500);
      expect(answer.body.Message).toBe('Failed to execute report');
      const exported = await run(reseller, 'BrokenProbe', { generateExcelFile: true });
      expect(exported.status).toBe(500);
      expect(exported.body.Message).toBe('Unable to export file, refresh and try again');
    } finally {
      (REPORTS as ReportSpec[]).pop();
    }
  });
});

describe('Excel export (generateExcelFile)', () => {
  it('writes exactly the asked columns, in the asked order, with headers in the caller\'s language and every row', async () => {
    const page = result((await run(reseller, 'SubscriptionsEnding', { paremeterFields: [{ name: 'days', value: '730' }], columns: ['EndDate', 'Subscription', 'Renewal'], pageSize: 200 })).body);
    const answer = await run(reseller, 'SubscriptionsEnding', { paremeterFields: [{ name: 'days', value: '730' }], columns: ['EndDate', 'Subscription', 'Renewal'], generateExcelFile: true, pageSize: 1 }, { 'accept-language': 'de' });
    expect(answer.status).toBe(200);
    expect(answer.body.FileName).toMatch(/^Bald_endende_Abonnements-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(answer.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Enddatum', 'Abonnement', 'Am Laufzeitende']);
    expect(sheet.actualColumnCount).toBe(3);
    expect(sheet.rowCount).toBe(page.TotalCount + 1);
    const subscriptions = Array.from({ length: page.TotalCount }, (_, i) => sheet.getRow(i + 2).getCell(2).value);
    expect(subscriptions).toEqual(columnOf(page, 'Subscription'));
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(['Verlängert sich', 'Endet']).toContain(sheet.getRow(2).getCell(3).value);
    // The file leaving the portal is audited (a page shown is not).
    const audited = await rowsOf<{ details: { Report: string; Columns: string[] } }>(sql`select details from audit_log where action = 'ReportExported' order by id desc limit 1`);
    expect(audited[0]?.details).toMatchObject({ Report: 'SubscriptionsEnding', Columns: ['EndDate', 'Subscription', 'Renewal'] });
  });
});

describe('the frequent reports (GetFrequentReports)', () => {
  it('suggests the first reports of the registry to someone who ran nothing', async () => {
    const aw = await signIn(server.app, 'aw.admin');
    const answer = await op('GetFrequentReports', {}, aw);
    expect(answer.status).toBe(200);
    const reports = answer.body.Reports as FrequentReport[];
    expect(reports.map((r) => r.Name)).toEqual(REPORTS.slice(0, 6).map((r) => r.name));
    expect(reports.every((r) => r.Runs === 0 && r.LastRunAt === null)).toBe(true);
  });

  it('records every run and orders the caller\'s reports by runs, with the last run and its parameters', async () => {
    const me = (await rowsOf<{ id: number }>(sql`select account_id as id from users where username = 'company.admin'`))[0]!.id;
    await server.handle.db.execute(sql`delete from report_runs where user_account_id = ${me}`);
    for (let i = 0; i < 3; i++) expect((await run(companyAdmin, 'CustomCharges')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await run(companyAdmin, 'SignInActivity', { paremeterFields: [{ name: 'period', value: '2026-01-01/2026-12-31' }] })).status).toBe(200);
    expect((await run(companyAdmin, 'CustomCharges', { generateExcelFile: true })).status).toBe(200);
    expect((await run(companyAdmin, 'NoSuchReport')).status).toBe(404);
    const recorded = await rowsOf<{ report_name: string; n: number }>(sql`select report_name, count(*)::int as n from report_runs where user_account_id = ${me} group by 1 order by 2 desc`);
    expect(recorded).toEqual([
      { report_name: 'CustomCharges', n: 4 },
      { report_name: 'SignInActivity', n: 2 },
    ]);
    const reports = (await op('GetFrequentReports', {}, companyAdmin)).body.Reports as FrequentReport[];
    expect(reports).toHaveLength(6);
    expect(reports.slice(0, 2).map((r) => [r.Name, r.Runs])).toEqual([
      ['CustomCharges', 4],
      ['SignInActivity', 2],
    ]);
    expect(Date.now() - Date.parse(reports[0]!.LastRunAt!)).toBeLessThan(60_000);
    expect(reports[1]!.LastParameters).toEqual([{ name: 'period', value: '2026-01-01/2026-12-31' }]);
    // Topped up with reports never run, without repeating one.
    expect(new Set(reports.map((r) => r.Name)).size).toBe(6);
    expect(reports.slice(2).every((r) => r.Runs === 0)).toBe(true);
  });
});

describe('a report about users needs the users capability too', () => {
  it('hides Users and MFA and Sign-in activity from someone with Reporting Read only, and answers them as not found', async () => {
    // Contoso's "Company user" role gains Reporting Read (and nothing of the users screens).
    await server.handle.db.execute(sql`
      insert into capability_set_items (capability_set_id, object_type, can_read)
      select rcs.capability_set_id, 'REPORTING', true from role_capability_sets rcs
      join roles r on r.id = rcs.role_id join accounts o on o.id = r.owner_account_id
      where r.name = 'Company user' and o.display_name = 'Contoso Ltd'`);
    const reader = await signIn(server.app, 'company.user');
    const reports = (await op('GetReports', {}, reader)).body.Reports as ReportDefinition[];
    expect(reports.map((r) => r.Name)).toEqual(REPORTS.filter((r) => !r.rule).map((r) => r.name));
    const frequent = (await op('GetFrequentReports', {}, reader)).body.Reports as FrequentReport[];
    expect(frequent.map((r) => r.Name)).not.toContain('UsersMfa');
    const users = await run(reader, 'UsersMfa');
    expect(users.status).toBe(404);
    expect(users.body.Message).toBe('Report not found');
    expect((await run(reader, 'SignInActivity')).status).toBe(404);
    // What the reader may run covers the reader's company only.
    const subscriptions = result((await run(reader, 'ActiveSubscriptions')).body);
    expect(new Set(columnOf(subscriptions, 'Customer'))).toEqual(new Set(['Contoso Ltd']));
  });
});
