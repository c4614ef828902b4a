import type { AuditChange } from '@cmp/contracts/auditLog';
import type { Locale } from '@cmp/contracts/locales';
import { catalogueText } from '../platform/excel';

// The Details column of the audit log export reads as the screen's details do: each change as
// "<field label>: before → after", then the other recorded values as "<key>: value", one a line.

function valueText(locale: Locale, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return catalogueText(locale, value ? 'export_yes' : 'export_no');
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(locale, item)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const fieldName = (row: AuditChange) => row.Label ?? [row.View, row.Field].filter(Boolean).join(' › ');

/** An entry's details (with the `Label`s of withFieldLabels) as lines of text. */
export function auditDetailsText(locale: Locale, details: Record<string, unknown>): string {
  const { changes, Before, After, ...others } = details;
  const rows: AuditChange[] = Array.isArray(changes) ? changes.filter((row): row is AuditChange => typeof row === 'object' && row !== null) : [];
  if ('Before' in details || 'After' in details) rows.push({ Before, After });
  if (changes !== undefined && !Array.isArray(changes)) others.changes = changes;
  return [
    ...rows.map((row) => {
      const change = `${valueText(locale, row.Before)} → ${valueText(locale, row.After)}`;
      return fieldName(row) ? `${fieldName(row)}: ${change}` : change;
    }),
    ...Object.entries(others).map(([key, value]) => `${key}: ${valueText(locale, value)}`),
  ].join('\n');
}
