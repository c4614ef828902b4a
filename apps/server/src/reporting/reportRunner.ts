import { sql, type SQL } from 'drizzle-orm';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { Locale } from '@cmp/contracts/locales';
import type { ReportCell, ReportChartData, ReportColumn, ReportDefinition, ReportParameterField, ReportResult } from '@cmp/contracts/reporting';
import { XLSX_CONTENT_TYPE, type FileDownload, type SortDirection } from '@cmp/contracts/users';
import { callerScopePath, requireAccountInHierarchy } from '../platform/access';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';
import { rowsOf } from '../platform/db/rowsOf';
import { ApiError } from '../platform/errors';
import { safeFileName } from '../platform/excel';
import type { CallerSession } from '../platform/session';
import { sellsToOthers } from '../platform/sellerSide';
import { columnKey, descriptionKey, optionKey, parameterKey, reportText, titleKey, valueKey } from './reportTexts';
import type { ParameterValue, ReportParameters, ReportSpec } from './reportSpec';
import { REPORTS, findReport } from './reports';
import { addDays } from '../platform/dates';

export const REPORTING_READ = requirement('REPORTING', ['Read']);
/** An Excel file holds at most this many rows. */
export const EXPORT_ROW_LIMIT = 50_000;

export const mayRun = (caller: CallerSession, report: ReportSpec) => isAllowed(caller.capabilities, report.rule);

/**
 * The report as the caller may see it: a buyer's (platform/sellerSide.ts) without its cost and margin
 * columns — not in the definition, the rows, the sort, the chart or the Excel file (issue 30).
 */
export function reportSeenBy(caller: CallerSession, report: ReportSpec): ReportSpec {
  if (sellsToOthers(caller) || !report.columns.some((c) => c.sellerOnly)) return report;
  const hidden = new Set(report.columns.filter((c) => c.sellerOnly).map((c) => c.name));
  const seen = (name: string) => !hidden.has(name);
  return {
    ...report,
    columns: report.columns.filter((c) => seen(c.name)),
    ...(report.defaultColumns ? { defaultColumns: report.defaultColumns.filter(seen) } : {}),
    defaultSort: seen(report.defaultSort.column) ? report.defaultSort : { column: report.columns[0]!.name, direction: 'asc' },
    chart: { ...report.chart, values: report.chart.values?.filter(seen) },
  };
}

/** The report by name, if the caller may run it: an unknown one and one the caller may not run answer alike (404). */
export function requireReport(caller: CallerSession, name: string): ReportSpec {
  const report = findReport(name);
  if (!report || !mayRun(caller, report)) throw new ApiError(404, 'report_not_found');
  return reportSeenBy(caller, report);
}

/** The scope of every report: the caller's company (or reseller, with a HIERARCHY Reporting capability) and below. */
export const scopePatternOf = async (db: Queryable, caller: CallerSession) => `${escapeLike(await callerScopePath(db, caller, REPORTING_READ))}%`;

async function choicesOf(db: Queryable, scopePattern: string) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [customers, vendors] = await Promise.all([
    rows<{ id: number; name: string }>(sql`select id, display_name as name from accounts where type = 'Company' and state <> 'Terminated' and path like ${scopePattern} order by lower(display_name) limit 500`),
    rows<{ id: number; name: string }>(
      // The vendors of what the caller's hierarchy subscribed to or asked to provision (not every vendor of the platform).
      sql`select distinct v.id, v.display_name as name from products p join accounts v on v.id = p.vendor_account_id
          where exists (select 1 from subscriptions s join accounts a on a.id = s.account_id where s.product_name = p.name and a.path like ${scopePattern})
             or exists (select 1 from provisioning_requests r join accounts c on c.id = r.company_account_id where r.product_name = p.name and c.path like ${scopePattern})
          order by v.display_name limit 500`,
    ),
  ]);
  return { customers, vendors };
}

/** The definitions the caller may run, in the caller's language (GetReports). */
export async function reportDefinitions(db: Queryable, caller: CallerSession, locale: Locale): Promise<ReportDefinition[]> {
  const runnable = REPORTS.filter((report) => mayRun(caller, report)).map((report) => reportSeenBy(caller, report));
  const choices = await choicesOf(db, await scopePatternOf(db, caller));
  return runnable.map((report) => ({
    Name: report.name,
    TitleKey: titleKey(report.name),
    Title: reportText(locale, titleKey(report.name)),
    DescriptionKey: descriptionKey(report.name),
    Description: reportText(locale, descriptionKey(report.name)),
    Parameters: report.parameters.map((p) => ({
      Name: p.name,
      Type: p.type,
      LabelKey: parameterKey(p.name),
      Label: reportText(locale, parameterKey(p.name)),
      Required: p.required ?? false,
      Default: p.default?.() ?? null,
      Options:
        p.type === 'status'
          ? (p.options ?? []).map((value) => ({ Value: value, Label: reportText(locale, optionKey(p.name, value)) }))
          : p.type === 'account'
            ? choices.customers.map((c) => ({ Value: String(c.id), Label: c.name }))
            : p.type === 'vendor'
              ? choices.vendors.map((v) => ({ Value: String(v.id), Label: v.name }))
              : [],
      Min: p.min ?? null,
      Max: p.max ?? null,
    })),
    Columns: report.columns.map((c) => columnOf(locale, c)),
    DefaultColumns: report.defaultColumns ?? report.columns.map((c) => c.name),
    DefaultSort: { Column: report.defaultSort.column, Direction: report.defaultSort.direction },
    Chart: { Type: report.chart.type, LabelColumn: report.chart.label ?? null, ValueColumns: report.chart.values ?? [] },
  }));
}

const columnOf = (locale: Locale, c: ReportSpec['columns'][number]): ReportColumn => ({
  Name: c.name,
  TitleKey: columnKey(c.name),
  Title: reportText(locale, columnKey(c.name)),
  Type: c.type,
  Sortable: c.sortable ?? false,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const parseDate = (value: string): Date | undefined => {
  if (!ISO_DATE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
};
const badParameter = (name: string, value: string) => new ApiError(400, 'field_invalid_value', { field: name, value });

/**
 * The parameters as the report's query takes them: each named by the report, of its type, an
 * account inside the caller's hierarchy (403 otherwise, like every foreign account id); a wrong
 * one answers 400 naming the parameter.
 */
export async function parseParameters(db: Queryable, caller: CallerSession, report: ReportSpec, fields: ReportParameterField[]): Promise<ReportParameters> {
  const given = new Map<string, string>();
  for (const field of fields) {
    if (!report.parameters.some((p) => p.name === field.name)) throw badParameter('paremeterFields', field.name);
    if (given.has(field.name)) throw badParameter(field.name, field.value);
    given.set(field.name, field.value.trim());
  }
  const params: ReportParameters = {};
  for (const spec of report.parameters) {
    const raw = given.get(spec.name) || spec.default?.() || '';
    if (!raw) {
      if (spec.required) throw new ApiError(400, 'field_required', { field: spec.name });
      continue;
    }
    let value: ParameterValue | undefined;
    switch (spec.type) {
      case 'date':
        value = parseDate(raw);
        break;
      case 'dateRange': {
        const [fromText = '', toText = ''] = raw.split('/');
        const from = parseDate(fromText);
        const to = parseDate(toText);
        value = from && to && from <= to ? { from, to: addDays(to, 1) } : undefined;
        break;
      }
      case 'number': {
        const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
        value = Number.isSafeInteger(n) && (spec.min === undefined || n >= spec.min) && (spec.max === undefined || n <= spec.max) ? n : undefined;
        break;
      }
      case 'account':
      case 'vendor': {
        const id = /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
        if (id !== undefined && spec.type === 'account') await requireAccountInHierarchy(db, caller, id, REPORTING_READ);
        value = id;
        break;
      }
      case 'status':
        value = spec.options?.includes(raw) ? raw : undefined;
        break;
    }
    if (value === undefined) throw badParameter(spec.name, raw);
    params[spec.name] = value;
  }
  return params;
}

/** The shown columns: those asked, in the order asked (each a column of the report), or the report's default. */
export function shownColumns(report: ReportSpec, asked: string[]) {
  if (!asked.length) return (report.defaultColumns ?? report.columns.map((c) => c.name)).map((name) => report.columns.find((c) => c.name === name)!);
  if (new Set(asked).size !== asked.length) throw badParameter('columns', asked.join(','));
  return asked.map((name) => {
    const column = report.columns.find((c) => c.name === name);
    if (!column) throw badParameter('columns', name);
    return column;
  });
}

export function sortOf(report: ReportSpec, sort: { column: string; direction: SortDirection } | undefined) {
  if (!sort) return report.defaultSort;
  const column = report.columns.find((c) => c.name === sort.column);
  if (!column?.sortable) throw badParameter('sort', sort.column);
  return { column: column.name, direction: sort.direction };
}

type Row = Record<string, unknown>;

function cellOf(locale: Locale, column: ReportSpec['columns'][number], value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (column.type === 'date') return String(value as string);
  if (column.type === 'number' || column.type === 'money' || column.type === 'percent') return Number(value);
  if (column.labels) return reportText(locale, valueKey(column.labels, String(value)));
  return String(value as string);
}

export interface RunInput {
  columns: ReportSpec['columns'];
  sort: { column: string; direction: SortDirection };
  params: ReportParameters;
  scopePattern: string;
}

/** Dates leave the database as ISO text in UTC, whichever driver (PGlite answers text, node-postgres Date objects). */
const isoText = (expression: SQL) => sql`to_char((${expression})::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const outputList = (report: ReportSpec) =>
  sql.join(
    report.columns.map((c) => (c.type === 'date' ? sql`${isoText(sql`r.${sql.identifier(c.name)}`)} as ${sql.identifier(c.name)}` : sql`r.${sql.identifier(c.name)}`)),
    sql`, `,
  );

/** The order of the result `r`: the asked column, ties broken by every column, so pages never overlap. */
function orderOf(report: ReportSpec, input: RunInput): SQL {
  const direction = sql.raw(input.sort.direction === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const tieBreak = sql.join(report.columns.map((c) => sql`r.${sql.identifier(c.name)}`), sql`, `);
  return sql`r.${sql.identifier(input.sort.column)} ${direction}, ${tieBreak}`;
}

function orderedQuery(report: ReportSpec, input: RunInput, caller: CallerSession): SQL {
  const inner = report.query({ caller, scopePattern: input.scopePattern, params: input.params });
  return sql`select ${outputList(report)} from (${inner}) r order by ${orderOf(report, input)}`;
}

/** The chart's sums per label over the result `r`, or null for a report without a chart. */
function chartQuery(report: ReportSpec): SQL | null {
  const { type, label, values = [] } = report.chart;
  if (type === 'none' || !label || !values.length) return null;
  const labelColumn = report.columns.find((c) => c.name === label)!;
  const sums = sql.join(values.map((v, i) => sql`coalesce(sum(${sql.identifier(v)}), 0)::float8 as ${sql.identifier(`v${i}`)}`), sql`, `);
  const labelExpression = labelColumn.type === 'date' ? sql`to_char((r.${sql.identifier(label)})::timestamptz at time zone 'UTC', 'YYYY-MM-DD')` : sql`r.${sql.identifier(label)}`;
  return sql`select ${labelExpression} as label, ${sums} from r group by 1 order by 1 limit 100`;
}

/**
 * One page, the total and the chart over the whole result, in one statement: the report's query runs
 * once (materialised) instead of once for each — over a million invoice lines the aggregation is
 * what costs (issue 15, npm run bench billing).
 */
export async function runPage(db: Queryable, caller: CallerSession, locale: Locale, report: ReportSpec, input: RunInput, page: { page: number; pageSize: number }): Promise<ReportResult> {
  const inner = report.query({ caller, scopePattern: input.scopePattern, params: input.params });
  const order = orderOf(report, input);
  const chart = chartQuery(report);
  const [answer] = await rowsOf<Row>(
    db,
    sql`with r as materialized (${inner})
        select (select coalesce(json_agg(to_json(p) order by p.row_in_page), '[]'::json)
                from (select ${outputList(report)}, row_number() over (order by ${order}) as row_in_page from r order by ${order}
                      limit ${page.pageSize} offset ${page.page * page.pageSize}) p) as page,
               (select count(*)::int from r) as total,
               ${chart ? sql`(select coalesce(json_agg(to_json(c)), '[]'::json) from (${chart}) c)` : sql`null::json`} as chart`,
  );
  const rows = jsonOf<Row[]>(answer?.page) ?? [];
  return {
    Columns: input.columns.map((c) => columnOf(locale, c)),
    Rows: rows.map((row) => input.columns.map((c) => cellOf(locale, c, row[c.name]))),
    TotalCount: Number(answer?.total ?? 0),
    Chart: chartOf(locale, report, jsonOf<Row[]>(answer?.chart)),
  };
}

/** json columns arrive parsed from node-postgres and as text from some drivers. */
const jsonOf = <T>(value: unknown): T | null => (value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function chartOf(locale: Locale, report: ReportSpec, rows: Row[] | null): ReportChartData | null {
  const { type, label, values = [] } = report.chart;
  if (!rows || type === 'none' || !label || !values.length) return null;
  const labelColumn = report.columns.find((c) => c.name === label)!;
  const labelText = (value: unknown) => {
    const cell = cellOf(locale, labelColumn, value);
    return cell === null || cell === '' ? '—' : String(cell);
  };
  return {
    Type: type,
    LabelColumn: label,
    ValueColumns: values,
    Labels: rows.map((row) => labelText(row.label)),
    Series: values.map((v, i) => ({ Column: v, Title: reportText(locale, columnKey(v)), Values: rows.map((row) => Number(row[`v${i}`])) })),
  };
}

/** The whole result (up to EXPORT_ROW_LIMIT rows) as a workbook of exactly the shown columns, headers in the caller's language. */
export async function runExcel(db: Queryable, caller: CallerSession, locale: Locale, report: ReportSpec, input: RunInput): Promise<FileDownload> {
  const rows = await rowsOf<Row>(db, sql`${orderedQuery(report, input, caller)} limit ${EXPORT_ROW_LIMIT}`);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const title = reportText(locale, titleKey(report.name));
  const sheet = workbook.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((c, index) => ({ header: reportText(locale, columnKey(c.name)), key: `c${index}`, width: c.type === 'text' ? 28 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      input.columns.map((c) => {
        const cell = cellOf(locale, c, row[c.name]);
        return c.type === 'date' && typeof cell === 'string' ? new Date(cell) : cell;
      }),
    );
  }
  input.columns.forEach((c, index) => {
    const column = sheet.getColumn(index + 1);
    if (c.type === 'date') column.numFmt = 'yyyy-mm-dd';
    if (c.type === 'money') column.numFmt = '#,##0.00';
    if (c.type === 'percent') column.numFmt = '0.0%';
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return { FileName: safeFileName(`${title}-${new Date().toISOString().slice(0, 10)}`, 'xlsx'), ContentType: XLSX_CONTENT_TYPE, ContentBase64: Buffer.from(buffer).toString('base64') };
}
