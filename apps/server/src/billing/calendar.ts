// Calendar days for billing (docs/architecture.md "Billing"): a day is a local date in the payer's time zone,
// counted as a whole number of days since 1970-01-01. Arithmetic on such numbers never meets a
// daylight-saving change — a day of 23 or 25 hours is still one day — so proration is DST-safe by
// construction; only turning an instant into a local date needs the time zone (Intl does that).
// The day arithmetic itself (Day, the month-end clamp) is the server's one date module.

import { addMonthsToDay, dayOf, formatDay, parseDay, type Day } from '../platform/dates';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local date of an instant in a time zone (an IANA name such as Europe/Berlin). */
export function localDay(instant: Date, timeZone: string): Day {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return parseDay(formatter.format(instant));
}

/** Whether Intl knows the time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A billing interval: the calendar month `YYYY-MM`, its first day and the day after its last. */
export interface Interval {
  id: string;
  start: Day;
  end: Day;
}

export function intervalOf(id: string): Interval {
  const [year, month] = id.split('-').map(Number) as [number, number];
  const start = dayOf(year, month, 1);
  return { id, start, end: addMonthsToDay(start, 1) };
}

/** The month a day lies in. */
export function intervalContaining(day: Day): Interval {
  return intervalOf(formatDay(day).slice(0, 7));
}

/** The month before. */
export const previousInterval = (interval: Interval): Interval => intervalContaining(interval.start - 1);
