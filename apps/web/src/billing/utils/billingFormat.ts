import type { BillingInterval } from '@cmp/contracts/billing';

// Billed days are local dates of the payer (`YYYY-MM-DD`), not instants: they are read and shown
// as calendar days in UTC, so the viewer's own time zone can never move them by a day.
const DAY_MS = 86_400_000;

function dayOf(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
}

/** A billing interval (`2026-10`) as its month in the user's language: "October 2026", "Oktober 2026". */
export function formatInterval(intervalId: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(intervalId);
  if (!match) return intervalId;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** One local date, e.g. "Oct 31, 2026". */
export function formatDay(value: string, locale: string): string {
  const day = dayOf(value);
  return day ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day) : value;
}

/**
 * The days a line bills. The contract's end is exclusive (the day after the last one billed), while
 * people read a period inclusively: "Oct 1 – 31, 2026" for 2026-10-01..2026-11-01.
 */
export function formatPeriod(start: string, endExclusive: string, locale: string): string {
  const first = dayOf(start);
  const end = dayOf(endExclusive);
  if (!first || !end) return `${start} – ${endExclusive}`;
  const last = new Date(Math.max(first.getTime(), end.getTime() - DAY_MS));
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return format.formatRange(first, last);
}

/** A tax rate as sent ("0.1900") as a percentage in the user's language: "19%", "19 %". */
export function formatTaxRate(rate: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(Number(rate));
}

/** A country code as its name in the user's language ("DE" → "Germany"); the code when unknown. */
export function formatCountry(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The month preselected for the bill and a run: the newest closed one (the list is newest first), else the newest. */
export function defaultInterval(intervals: BillingInterval[]): string | undefined {
  return (intervals.find((interval) => interval.IsClosed) ?? intervals[0])?.IntervalId;
}

/** When an invoice was issued: an instant in the user's locale, or a day if the server sends only the day. */
export function formatIssuedAt(value: string, locale: string): string {
  if (dayOf(value)) return formatDay(value, locale);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
