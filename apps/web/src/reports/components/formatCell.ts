import type { ReportCell, ReportColumnType } from '@cmp/contracts/reporting';

/** A cell as the grid shows it: numbers and amounts in the user's locale, dates as dates. */
export function formatCell(value: ReportCell, type: ReportColumnType, locale: string): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return String(value);
  switch (type) {
    case 'number':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number(value));
    case 'money':
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(Number(value));
    case 'date': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    }
    default:
      return String(value);
  }
}

export const isNumeric = (type: ReportColumnType) => type === 'number' || type === 'money' || type === 'percent';
