import type { AuditChange } from '@cmp/contracts/auditLog';

/**
 * The convention of the audit entries (preamble of the accounts issue): `changes` is a list of
 * before/after rows (AccountUpdated, NotificationPreferencesSaved); user actions carry a single
 * `Before`/`After` pair. Everything else is shown as key/value pairs.
 */
export function splitAuditDetails(details: Record<string, unknown>): { changes: AuditChange[]; others: [string, unknown][] } {
  const { changes, Before, After, ...rest } = details;
  const rows: AuditChange[] = Array.isArray(changes) ? changes.filter((row): row is AuditChange => typeof row === 'object' && row !== null) : [];
  if ('Before' in details || 'After' in details) rows.push({ Before, After });
  const others = Object.entries(rest);
  if (changes !== undefined && !Array.isArray(changes)) others.unshift(['changes', changes]);
  return { changes: rows, others };
}

/**
 * The changed field as people know it: the label of its layout in the reader's language, which the
 * server adds (issue 10); the keys only for a field no layout shows any more.
 */
export const changedFieldName = (row: AuditChange): string => row.Label ?? [row.View, row.Field].filter(Boolean).join(' › ');

/** A detail value as text: lists joined, nothing as a dash, objects as compact JSON. */
export function detailText(value: unknown, yesNo: { yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (Array.isArray(value)) return value.length ? value.map((item) => detailText(item, yesNo)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A period chosen as calendar days (local time) as the server's instants: from the start of the first day to the end of the last. */
export function periodToInstants(fromDay: string, toDay: string): { from?: string; to?: string } {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const period: { from?: string; to?: string } = {};
  if (fromDay && !Number.isNaN(startOf(fromDay).getTime())) period.from = startOf(fromDay).toISOString();
  if (toDay && !Number.isNaN(startOf(toDay).getTime())) {
    const end = startOf(toDay);
    end.setDate(end.getDate() + 1);
    period.to = end.toISOString();
  }
  return period;
}
