import { sql, type SQL } from 'drizzle-orm';
import type { ReportParameters } from '../reportSpec';
import { daysAgo } from '../../platform/dates';

// Pieces the reports share: the default periods and the parameter filters.

const day = (date: Date) => date.toISOString().slice(0, 10);
/** "from/to" of the last `days` days, today included. */
export const lastDays = (days: number) => () => {
  const today = new Date();
  return `${day(daysAgo(days - 1, today))}/${day(today)}`;
};

/** `column` within the period parameter `name` (from inclusive, to's day inclusive), or true when not given. */
export function inPeriod(params: ReportParameters, name: string, column: SQL): SQL {
  const range = params[name];
  if (!range || typeof range !== 'object' || range instanceof Date) return sql`true`;
  return sql`(${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz)`;
}

/** `column = value` when the parameter is given, true otherwise. */
export function equalsParam(params: ReportParameters, name: string, column: SQL): SQL {
  const value = params[name];
  return value === undefined ? sql`true` : sql`${column} = ${value as string | number}`;
}

/** The nearest Company (or Reseller) at or above the account with alias `alias` (a lateral join). */
export const owningCompany = (accountAlias: string, companyAlias: string) =>
  sql.raw(
    `left join lateral (select oc.id, oc.display_name from accounts oc where oc.type in ('Company', 'Reseller') and ${accountAlias}.path like oc.path || '%' order by length(oc.path) desc limit 1) ${companyAlias} on true`,
  );
