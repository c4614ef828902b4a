import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  addCalendarYears,
  addDays,
  addMonthsToDay,
  daysBetween,
  daysInMonth,
  daysLeft,
  firstOfMonth,
  formatDay,
  lastDayBefore,
  parseDay,
  startOfDay,
  termEnd,
  utcDayOf,
} from './dates';

// The server's one date module (issue 30 item 6): the billing calendar's month-end clamp for every
// term, renewal, window and proration, in UTC.

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('termEnd', () => {
  it('ends a one-month term that starts on the 28th–31st of January on the same day of February, or its last day', () => {
    expect(iso(termEnd(at('2026-01-28T09:15:00.000Z'), '1-month'))).toBe('2026-02-28T09:15:00.000Z');
    expect(iso(termEnd(at('2026-01-29T09:15:00.000Z'), '1-month'))).toBe('2026-02-28T09:15:00.000Z');
    expect(iso(termEnd(at('2026-01-30T09:15:00.000Z'), '1-month'))).toBe('2026-02-28T09:15:00.000Z');
    // The defect: setUTCMonth put this one on 3 March.
    expect(iso(termEnd(at('2026-01-31T09:15:00.000Z'), '1-month'))).toBe('2026-02-28T09:15:00.000Z');
    expect(iso(termEnd(at('2028-01-31T09:15:00.000Z'), '1-month'))).toBe('2028-02-29T09:15:00.000Z');
    expect(iso(termEnd(at('2026-03-31T23:59:59.999Z'), '1-month'))).toBe('2026-04-30T23:59:59.999Z');
    expect(iso(termEnd(at('2026-08-31T00:00:00.000Z'), 'other'))).toBe('2026-09-30T00:00:00.000Z');
  });

  it('ends annual and 3-year terms on the same day, 29 February falling back to 28 February in a common year', () => {
    expect(iso(termEnd(at('2028-02-29T12:00:00.000Z'), 'annual'))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(termEnd(at('2028-02-29T12:00:00.000Z'), '3-year'))).toBe('2031-02-28T12:00:00.000Z');
    expect(iso(termEnd(at('2029-02-28T12:00:00.000Z'), '3-year'))).toBe('2032-02-28T12:00:00.000Z');
    for (const date of [28, 29, 30, 31]) {
      const start = at(`2026-12-${date}T08:00:00.000Z`);
      expect(iso(termEnd(start, 'annual'))).toBe(`2027-12-${date}T08:00:00.000Z`);
      expect(iso(termEnd(start, '3-year'))).toBe(`2029-12-${date}T08:00:00.000Z`);
    }
    expect(iso(termEnd(at('2025-01-31T00:00:00.000Z'), 'annual'))).toBe('2026-01-31T00:00:00.000Z');
  });

  it('counts a renewal chain from each term start: 31 Jan → 28 Feb → 28 Mar, as the billing periods of those terms', () => {
    const ends: string[] = [];
    let end = at('2026-01-31T10:00:00.000Z');
    for (let i = 0; i < 3; i++) ends.push(iso((end = termEnd(end, '1-month'))));
    expect(ends).toEqual(['2026-02-28T10:00:00.000Z', '2026-03-28T10:00:00.000Z', '2026-04-28T10:00:00.000Z']);
    // The billing calendar counts a term's periods from its start: the period that starts on the
    // renewed term's first day ends where the term ends.
    expect(formatDay(addMonthsToDay(parseDay('2026-02-28'), 1))).toBe('2026-03-28');
    // Periods of one term counted from its anchor do not drift (Jan 31, Feb 28, Mar 31).
    expect([1, 2, 3].map((k) => formatDay(addMonthsToDay(parseDay('2026-01-31'), k)))).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('keeps the UTC time of a term that starts or ends on a European DST change day (terms are computed in UTC)', () => {
    // 29 Mar 2026 01:00 UTC and 25 Oct 2026 01:00 UTC: Europe moves its clocks.
    expect(iso(termEnd(at('2026-02-28T23:00:00.000Z'), '1-month'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(termEnd(at('2026-02-28T00:30:00.000Z'), '1-month'))).toBe('2026-03-28T00:30:00.000Z');
    expect(iso(termEnd(at('2026-03-29T00:30:00.000Z'), '1-month'))).toBe('2026-04-29T00:30:00.000Z');
    expect(iso(termEnd(at('2026-03-29T01:30:00.000Z'), 'annual'))).toBe('2027-03-29T01:30:00.000Z');
    expect(iso(termEnd(at('2026-09-25T00:00:00.000Z'), '1-month'))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(termEnd(at('2026-10-25T02:00:00.000Z'), '1-month'))).toBe('2026-11-25T02:00:00.000Z');
    // A term over a change day lasts whole days of 24 hours.
    expect(daysBetween(at('2026-03-01T00:00:00.000Z'), termEnd(at('2026-03-01T00:00:00.000Z'), '1-month'))).toBe(31);
    expect(daysBetween(at('2026-10-01T00:00:00.000Z'), termEnd(at('2026-10-01T00:00:00.000Z'), '1-month'))).toBe(31);
  });

  it('gives the same answer whatever the process time zone is', () => {
    const before = process.env.TZ;
    try {
      const results = ['UTC', 'Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati'].map((zone) => {
        process.env.TZ = zone;
        return iso(termEnd(at('2026-01-31T23:30:00.000Z'), '1-month'));
      });
      expect(new Set(results)).toEqual(new Set(['2026-02-28T23:30:00.000Z']));
    } finally {
      process.env.TZ = before;
    }
  });
});

describe('addCalendarMonths in a time zone', () => {
  it('keeps local midnight across the European DST changes, clamped to the month end', () => {
    // Local midnight in Berlin: 23:00 UTC in winter, 22:00 UTC in summer.
    expect(iso(addCalendarMonths(at('2026-02-28T23:00:00.000Z'), 1, 'Europe/Berlin'))).toBe('2026-03-31T22:00:00.000Z');
    expect(iso(addCalendarMonths(at('2026-09-30T22:00:00.000Z'), 1, 'Europe/Berlin'))).toBe('2026-10-31T23:00:00.000Z');
    expect(iso(addCalendarMonths(at('2026-01-30T23:00:00.000Z'), 1, 'Europe/Berlin'))).toBe('2026-02-27T23:00:00.000Z');
  });

  it('goes back with negative months and adds years', () => {
    expect(iso(addCalendarMonths(at('2026-03-31T06:00:00.000Z'), -1))).toBe('2026-02-28T06:00:00.000Z');
    expect(iso(addCalendarYears(at('2024-02-29T06:00:00.000Z'), 4))).toBe('2028-02-29T06:00:00.000Z');
    expect(iso(addCalendarYears(at('2024-02-29T06:00:00.000Z'), 1))).toBe('2025-02-28T06:00:00.000Z');
  });
});

describe('calendar days', () => {
  it('knows the days of each month, February of leap years included', () => {
    expect(['2026-01-15', '2026-02-01', '2028-02-29', '2100-02-10', '2000-02-10', '2026-04-30'].map((d) => daysInMonth(parseDay(d)))).toEqual([31, 28, 29, 28, 29, 30]);
    expect(formatDay(firstOfMonth(parseDay('2028-02-29')))).toBe('2028-02-01');
  });

  it('adds months to a day exactly as addCalendarMonths does, on every day of 2027–2029 and ±40 months', () => {
    for (let day = parseDay('2027-01-01'); day < parseDay('2030-01-01'); day++) {
      for (const months of [-40, -13, -1, 1, 2, 11, 12, 36, 40]) {
        expect(addMonthsToDay(day, months)).toBe(utcDayOf(addCalendarMonths(startOfDay(day), months)));
      }
    }
  });

  it('adds months to a day with the clamp and prints the last day of a period', () => {
    expect(formatDay(addMonthsToDay(parseDay('2028-02-29'), 12))).toBe('2029-02-28');
    expect(formatDay(addMonthsToDay(parseDay('2026-05-31'), -3))).toBe('2026-02-28');
    expect(lastDayBefore('2026-03-01')).toBe('2026-02-28');
    expect(lastDayBefore('2028-03-01')).toBe('2028-02-29');
  });

  it('counts prorated days: whole days of a term and the days left, a begun day counted', () => {
    const start = at('2026-01-31T10:00:00.000Z');
    const end = termEnd(start, '1-month');
    expect(daysBetween(start, end)).toBe(28);
    expect(daysLeft(at('2026-02-27T11:00:00.000Z'), end)).toBe(1);
    expect(daysLeft(at('2026-02-14T10:00:00.000Z'), end)).toBe(14);
    expect(daysLeft(addDays(end, 1), end)).toBe(0);
  });
});
