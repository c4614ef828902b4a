import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import {
  FREQUENT_REPORTS,
  getFrequentReportsRequestSchema,
  getFrequentReportsResponseSchema,
  getReportsRequestSchema,
  getReportsResponseSchema,
  runReportRequestSchema,
  runReportResponseSchema,
  type FrequentReport,
} from '@cmp/contracts/reporting';
import { reportRuns } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { REPORTING_READ, mayRun, parseParameters, reportDefinitions, requireReport, runExcel, runPage, scopePatternOf, shownColumns, sortOf } from './reportRunner';
import { descriptionKey, reportText, titleKey } from './reportTexts';
import { REPORTS } from './reports';

// Reports (issue 15 "Reports"; spec §7 reporting: reportName, paremeterFields — spelt so —, generateExcelFile, columns).

const getReports = defineOperation({
  service: 'IReportingService',
  operation: 'GetReports',
  readOnly: true,
  summary: "The reports the caller may run: parameters (with the customers and vendors to choose from), columns, default sort and chart, texts in the caller's language.",
  request: getReportsRequestSchema,
  response: getReportsResponseSchema,
  rule: REPORTING_READ,
  async handler(_input, { db, caller, locale }) {
    return { Reports: await reportDefinitions(db, caller, locale) };
  },
});

const getFrequentReports = defineOperation({
  service: 'IReportingService',
  operation: 'GetFrequentReports',
  readOnly: true,
  summary: `The caller's most-run reports (at most ${FREQUENT_REPORTS}, most runs first, then the latest), with the last run's time and parameters; topped up with the first reports of the registry the caller may run.`,
  request: getFrequentReportsRequestSchema,
  response: getFrequentReportsResponseSchema,
  rule: REPORTING_READ,
  async handler(_input, { db, caller, locale }) {
    const runs = await db
      .select({ reportName: reportRuns.reportName, runs: count(), lastRunAt: max(reportRuns.ranAt), lastId: max(reportRuns.id) })
      .from(reportRuns)
      .where(eq(reportRuns.userAccountId, caller.userAccount.id))
      .groupBy(reportRuns.reportName)
      .orderBy(desc(count()), desc(max(reportRuns.ranAt)), desc(max(reportRuns.id)));
    const runnable = REPORTS.filter((report) => mayRun(caller, report));
    const ran = runs.flatMap((run) => {
      const report = runnable.find((r) => r.name === run.reportName);
      return report ? [{ report, run }] : [];
    });
    const chosen = ran.slice(0, FREQUENT_REPORTS);
    const lastParameters = new Map<number, Record<string, unknown>>();
    const lastIds = chosen.map(({ run }) => run.lastId).filter((id): id is number => id !== null);
    if (lastIds.length) {
      const rows = await db.select({ id: reportRuns.id, parameters: reportRuns.parameters }).from(reportRuns).where(and(sql`${reportRuns.id} in ${lastIds}`));
      for (const row of rows) lastParameters.set(row.id, row.parameters);
    }
    const answer: FrequentReport[] = chosen.map(({ report, run }) => ({
      ...texts(report.name),
      Runs: run.runs,
      LastRunAt: run.lastRunAt ? run.lastRunAt.toISOString() : null,
      LastParameters: Object.entries(lastParameters.get(run.lastId ?? -1) ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    }));
    for (const report of runnable) {
      if (answer.length >= FREQUENT_REPORTS) break;
      if (!answer.some((a) => a.Name === report.name)) answer.push({ ...texts(report.name), Runs: 0, LastRunAt: null, LastParameters: [] });
    }
    return { Reports: answer };

    function texts(name: string) {
      return {
        Name: name,
        TitleKey: titleKey(name),
        Title: reportText(locale, titleKey(name)),
        DescriptionKey: descriptionKey(name),
        Description: reportText(locale, descriptionKey(name)),
      };
    }
  },
});

const runReport = defineOperation({
  service: 'IReportingService',
  operation: 'RunReport',
  // It writes only the run (report_runs), nothing a cached session holds.
  keepsSessions: true,
  summary:
    "Runs a report over the caller's hierarchy: with generateExcelFile false one page ({Columns, Rows, TotalCount, Chart}) sorted on the server; with true the whole result as an Excel file ({FileName, ContentType, ContentBase64}) of exactly the asked columns in the asked order. Each run is recorded (the frequent reports). 404 report_not_found, 400 naming a bad parameter, 500 report_failed.",
  request: runReportRequestSchema,
  response: runReportResponseSchema,
  rule: REPORTING_READ,
  async handler(input, ctx) {
    const { db, caller, locale, request } = ctx;
    const report = requireReport(caller, input.reportName);
    const params = await parseParameters(db, caller, report, input.paremeterFields);
    const columns = shownColumns(report, input.columns);
    const sort = sortOf(report, input.sort);
    const scopePattern = await scopePatternOf(db, caller);
    const run = { columns, sort, params, scopePattern };
    let answer;
    try {
      answer = input.generateExcelFile ? await runExcel(db, caller, locale, report, run) : await runPage(db, caller, locale, report, run, input);
    } catch (error) {
      request.log.error({ err: error, report: report.name }, input.generateExcelFile ? 'report export failed' : 'report failed');
      throw new ApiError(500, input.generateExcelFile ? 'report_export_failed' : 'report_failed');
    }
    const recorded = Object.fromEntries(input.paremeterFields.filter((f) => f.value.trim() !== '').map((f) => [f.name, f.value.trim()]));
    await db.insert(reportRuns).values({ userAccountId: caller.userAccount.id, reportName: report.name, parameters: recorded });
    // A file leaving the portal is recorded, as the other exports are.
    if (input.generateExcelFile) await auditAccountChange(db, ctx, 'ReportExported', caller.companyAccount, { Report: report.name, Columns: columns.map((c) => c.name), Parameters: recorded });
    return answer;
  },
});

export const reportingOperations: OperationDefinition[] = [getReports, getFrequentReports, runReport];
