import type { SQL } from 'drizzle-orm';
import type { SecurityRule } from '@cmp/contracts/capabilities';
import type { ReportChartType, ReportColumnType, ReportParameterType } from '@cmp/contracts/reporting';
import type { SortDirection } from '@cmp/contracts/users';
import type { Queryable } from '../platform/db/database';
import type { CallerSession } from '../platform/session';

// One report of the registry (reports/*.ts): its parameters, columns, chart and the query. Adding a
// report (the revenue and margin reports of billing) is one more file plus its texts.

export interface ReportParameterSpec {
  name: string;
  type: ReportParameterType;
  required?: boolean;
  /** The form's starting value: a date (YYYY-MM-DD), "from/to", a number, a status. Computed per call (dates move). */
  default?: () => string | null;
  /** For status: the allowed values (labelled by `report_option_<name>_<value>`). */
  options?: readonly string[];
  min?: number;
  max?: number;
}

export interface ReportColumnSpec {
  /** Also the column's name in the query's select list. */
  name: string;
  type: ReportColumnType;
  sortable?: boolean;
  /** Text cells are codes (a status) shown as `report_value_<labels>_<code>` in the caller's language. */
  labels?: string;
  /** Cost or margin: only for a caller on the seller side (platform/sellerSide.ts); a buyer's report has no such column. */
  sellerOnly?: boolean;
}

/** Parsed parameter values: a date range as {from, to} (to exclusive), a number, an account id, a status. */
export type ParameterValue = string | number | { from: Date; to: Date } | Date;
export type ReportParameters = Record<string, ParameterValue | undefined>;

export interface ReportQueryContext {
  caller: CallerSession;
  /** The path every row's account must start with (callerScopePath of Reporting Read), escaped for LIKE, with the %. */
  scopePattern: string;
  params: ReportParameters;
}

export interface ReportSpec {
  name: string;
  /** Beyond Reporting Read (e.g. the users capability for a report about users). */
  rule?: SecurityRule;
  parameters: ReportParameterSpec[];
  columns: ReportColumnSpec[];
  defaultColumns?: string[];
  defaultSort: { column: string; direction: SortDirection };
  chart: { type: ReportChartType; label?: string; values?: string[] };
  /** A select whose output columns are named as `columns`; the runner sorts, pages and counts around it. */
  query(ctx: ReportQueryContext): SQL;
}

export type { Queryable };
