import { tz } from '@date-fns/tz';
import { UTCDate } from '@date-fns/utc';
import { addMonths as addMonthsIn } from 'date-fns';
import { COMMITMENT_MONTHS, type Commitment } from '@cmp/contracts/orders';

// The server's one date module (DESIGN.md "dates"; issue 30 item 6). Every month or day arithmetic
// of the server goes through here; eslint.config.js forbids setUTCMonth & co. elsewhere, because a
// hand-written `setUTCMonth(m + 1)` overflows (31 January + 1 month = 3 March).
//
// The rule is the billing calendar's: a month later is the same day of the month, clamped to that
// month's last day (31 Jan → 28/29 Feb; 29 Feb 2028 + 1 year → 28 Feb 2029). date-fns' addMonths
// applies exactly that rule.
//
// Time zone: the server stores instants in UTC and computes terms in UTC (TERM_TIME_ZONE), as it
// always did: a term keeps the UTC time of day of its start, and a day is 24 hours. So a daylight-
// saving change (Europe: 29 Mar / 25 Oct 2026) never moves a term end by an hour, and the same
// instant is computed on every node whatever its TZ. Billing turns instants into the payer's local
// dates once (billing/calendar.ts localDay) and then counts whole calendar days (Day), which no DST
// change can stretch either. addCalendarMonths takes another zone for callers that need wall-clock
// months in one (tested on the DST change days).

/** Milliseconds of one day of elapsed time (UTC has no 23- or 25-hour days). */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** The zone terms, renewals and windows are computed in (see above). */
export const TERM_TIME_ZONE = 'UTC';

/**
 * `months` calendar months after `instant` in `timeZone`: the same day of the month and wall-clock
 * time, clamped to the last day of a shorter month. Negative `months` go back.
 */
export function addCalendarMonths(instant: Date, months: number, timeZone: string = TERM_TIME_ZONE): Date {
  // UTCDate reads the fields in UTC directly; tz() goes through Intl, some 50 times slower, which a
  // billing run walking the days of 100,000 subscriptions would feel (billing/subscriptionCharges.ts).
  const moved = timeZone === 'UTC' ? addMonthsIn(new UTCDate(instant.getTime()), months) : addMonthsIn(instant, months, { in: tz(timeZone) });
  return new Date(moved.getTime());
}

/** `years` calendar years after `instant` (29 February → 28 February in a common year). */
export const addCalendarYears = (instant: Date, years: number, timeZone: string = TERM_TIME_ZONE): Date => addCalendarMonths(instant, years * 12, timeZone);

/** Months one term of a commitment lasts (1-month and other: 1, annual: 12, 3-year: 36). */
export const commitmentMonths = (commitment: Commitment): number => COMMITMENT_MONTHS[commitment] ?? 1;

/**
 * The end of a term of `commitment` that starts at `start`. A renewal's term starts at the previous
 * term's end and is counted from there (so 31 Jan → 28 Feb → 28 Mar): the billing run anchors the
 * periods of a term on its start as well (payerBilling's anchor = term start), so a term and the
 * periods billed for it always end on the same day.
 */
export const termEnd = (start: Date, commitment: Commitment): Date => addCalendarMonths(start, commitmentMonths(commitment));

/** `days` days of elapsed time after `instant` (negative: before). */
export const addDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);

/** `days` days before now (or before `now`). */
export const daysAgo = (days: number, now: Date = new Date()): Date => addDays(now, -days);

/** `hours` hours after `instant` (cancellation windows are counted in hours). */
export const addHours = (instant: Date, hours: number): Date => new Date(instant.getTime() + hours * HOUR_MS);

/** Whole days from `start` to `end`, to the nearest day (a term's length). */
export const daysBetween = (start: Date, end: Date): number => Math.round((end.getTime() - start.getTime()) / DAY_MS);

/** Days left from `now` to `end`, a begun day counted whole; 0 once `end` has passed. */
export const daysLeft = (now: Date, end: Date): number => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));

// Calendar days: a date without time as the number of days since 1970-01-01 (the billing calendar's
// Day). Arithmetic on them never meets a time zone or a DST change.

/** A calendar date as the number of days since 1970-01-01. */
export type Day = number;

/** The Day of year, month (1–12) and date. */
export const dayOf = (year: number, month: number, date: number): Day => Math.round(Date.UTC(year, month - 1, date) / DAY_MS);

/** `YYYY-MM-DD` → Day. */
export function parseDay(text: string): Day {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  return dayOf(year, month, date);
}

/** Day → `YYYY-MM-DD`. */
export const formatDay = (day: Day): string => startOfDay(day).toISOString().slice(0, 10);

/** The UTC date of an instant as a Day. */
export const utcDayOf = (instant: Date): Day => Math.floor(instant.getTime() / DAY_MS);

/** The instant a Day begins, in UTC. */
export const startOfDay = (day: Day): Date => new Date(day * DAY_MS);

/**
 * The Day `months` calendar months after `day`, clamped to the month's last day (Jan 31 + 1 → Feb
 * 28/29): addCalendarMonths' rule on whole days. Written out, as the billing calendar had it, because
 * a billing run calls it for every period of every subscription and this is a few times faster than
 * going through date-fns; dates.test.ts checks both agree on every day of several years.
 */
export function addMonthsToDay(day: Day, months: number): Day {
  const date = startOfDay(day);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(year, month + 1, Math.min(date.getUTCDate(), lastOfMonth));
}

/** The first day of the month `day` lies in. */
export const firstOfMonth = (day: Day): Day => parseDay(`${formatDay(day).slice(0, 7)}-01`);

/** Days in the month `day` lies in (28–31). */
export function daysInMonth(day: Day): number {
  const first = firstOfMonth(day);
  return addMonthsToDay(first, 1) - first;
}

/** `YYYY-MM-DD` of the day before an exclusive end date `YYYY-MM-DD` (a period's last day as printed). */
export const lastDayBefore = (exclusiveEnd: string): string => formatDay(parseDay(exclusiveEnd) - 1);
