// The revenue reports over a million invoice lines (issue 15: p95 < 500 ms), a phase of
// `npm run bench billing` after its runs: the months the runs billed are copied further back until
// the database holds BENCH_REVENUE_LINES lines (default 1,000,000), then each revenue report runs as
// the operation runs it (reporting/reportRunner.ts runPage: the page, the total and the chart) for
// the platform owner (every line) and for one reseller (its share), REPORT_RUNS times each.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import type { CallerSession } from '../../apps/server/src/platform/session';
import { rowsOf } from '../../apps/server/src/platform/db/rowsOf';
import { refreshStatistics } from '../../apps/server/src/platform/db/statisticsJobs';
import { runPage, type RunInput } from '../../apps/server/src/reporting/reportRunner';
import { revenueByCustomer, revenueByMonth, revenueByVendor } from '../../apps/server/src/reporting/reports/revenue';

const TARGET_LINES = Number(process.env.BENCH_REVENUE_LINES ?? 1_000_000);
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
/** Copies get ids and invoice numbers this far above the originals, per month back. */
const ID_STEP = 10_000_000;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function columnsOf(handle: DatabaseHandle, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(handle.db, sql`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema() order by ordinal_position`);
  return rows.map((r) => r.name);
}

/** `insert into table (cols) select <cols, some replaced> from table where …` */
function copyStatement(table: string, columns: string[], replaced: Record<string, string>, where: string) {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const select = columns.map((c) => replaced[c] ?? `"${c}"`).join(', ');
  return sql.raw(`insert into ${table} (${list}) select ${select} from ${table} where ${where}`);
}

/** Copies the billed months `back` more months back until the lines reach the target; answers the line count. */
async function growTo(handle: DatabaseHandle, months: string[]): Promise<number> {
  const count = async () => (await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from invoice_lines`))[0]!.n;
  const invoiceColumns = await columnsOf(handle, 'invoices');
  const lineColumns = await columnsOf(handle, 'invoice_lines');
  let lines = await count();
  for (let back = 1; lines < TARGET_LINES; back += 1) {
    const shift = (column: string) => `("${column}"::date - interval '${back * months.length} months')::date`;
    const source = `interval_id in (${months.map((m) => `'${m}'`).join(', ')})`;
    await handle.db.execute(
      copyStatement(
        'invoices',
        invoiceColumns,
        {
          id: `id + ${back * ID_STEP}`,
          number: `number + ${back * ID_STEP}`,
          interval_id: `to_char(to_date(interval_id, 'YYYY-MM') - interval '${back * months.length} months', 'YYYY-MM')`,
          period_start: shift('period_start'),
          period_end: shift('period_end'),
          billing_run_id: 'null',
        },
        `${source} and id < ${ID_STEP}`,
      ),
    );
    await handle.db.execute(
      copyStatement(
        'invoice_lines',
        lineColumns,
        { id: `id + ${back * ID_STEP}`, invoice_id: `invoice_id + ${back * ID_STEP}`, period_start: shift('period_start'), period_end: shift('period_end'), custom_charge_id: 'null' },
        `id < ${ID_STEP} and invoice_id in (select id from invoices where ${source} and id < ${ID_STEP})`,
      ),
    );
    lines = await count();
  }
  // What autovacuum (PostgreSQL) or the hourly statistics job (PGlite) does after such a change.
  await refreshStatistics(handle.db);
  return lines;
}

export async function benchRevenueReport(handle: DatabaseHandle, label: string, months: string[], ownerAccountId: number, resellerAccountId: number): Promise<void> {
  const started = performance.now();
  const lines = await growTo(handle, months);
  console.log(`  4. revenue reports over ${lines.toLocaleString('en')} invoice lines (copied in ${((performance.now() - started) / 1000).toFixed(1)} s), ${REPORT_RUNS} runs each (goal p95 < 500 ms):`);
  const scopes = [
    { who: 'platform owner', accountId: ownerAccountId },
    { who: 'one reseller', accountId: resellerAccountId },
  ];
  for (const scope of scopes) {
    const [account] = await rowsOf<{ path: string }>(handle.db, sql`select path from accounts where id = ${scope.accountId}`);
    // Reports read only the caller's scope; the caller itself is not consulted by these queries.
    const caller = {} as CallerSession;
    for (const report of [revenueByMonth, revenueByCustomer, revenueByVendor]) {
      const input: RunInput = { columns: report.columns, sort: report.defaultSort, params: {}, scopePattern: `${account!.path}%` };
      const times: number[] = [];
      for (let run = 0; run < REPORT_RUNS; run += 1) {
        const t = performance.now();
        await runPage(handle.db, caller, 'en', report, input, { page: 0, pageSize: 50 });
        times.push(performance.now() - t);
      }
      const p95 = percentile(times, 95);
      console.log(`     ${label}, ${scope.who}, ${report.name}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (${p95 < 500 ? 'met' : 'NOT met'})`);
    }
  }
}
