import { describe, expect, it } from 'vitest';
import { addMonthsToDay as addMonths, formatDay, parseDay } from '../platform/dates';
import { intervalOf, localDay } from './calendar';
import { subscriptionCharges, type ServiceTerms, type SubscriptionState } from './subscriptionCharges';
import { money, roundToMinorUnit } from '../pricing/money';

// Golden tests of what a subscription bills in a month (docs/architecture.md "Billing"): proration by day, across
// month ends, leap days and daylight-saving changes, rounded once per line.

const terms = (over: Partial<ServiceTerms> = {}): ServiceTerms => ({ pricePeriodMonths: 1, flat: false, currency: 'EUR', purchaseUnitPrice: '7.000000', setupFee: null, ...over });
const state = (from: string, over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  from: parseDay(from),
  quantity: 5,
  billable: true,
  unitPrice: '10.000000',
  periodMonths: 1,
  anchor: parseDay(from),
  ...over,
});
const summary = (lines: ReturnType<typeof subscriptionCharges>) =>
  lines.map((l) => ({ reason: l.reason, from: formatDay(l.periodStart), to: formatDay(l.periodEnd), quantity: l.quantity, amount: l.amount.toFixed(2), cost: l.purchaseAmount?.toFixed(2) ?? null }));

describe('subscriptionCharges', () => {
  it('bills a whole month of a monthly subscription once, at the quantity of its first day', () => {
    const lines = subscriptionCharges([state('2026-09-03')], terms(), intervalOf('2026-11'));
    expect(summary(lines)).toEqual([{ reason: 'Recurring', from: '2026-11-01', to: '2026-12-01', quantity: 5, amount: '50.00', cost: '35.00' }]);
  });

  it('prorates a start, a quantity change and a termination by day of the month (30 days in November)', () => {
    const lines = subscriptionCharges(
      [state('2026-11-10'), state('2026-11-16', { quantity: 8 }), state('2026-11-21', { quantity: 8, billable: false })],
      terms(),
      intervalOf('2026-11'),
    );
    expect(summary(lines)).toEqual([
      // 21 of 30 days × 5 × 10
      { reason: 'Start', from: '2026-11-10', to: '2026-12-01', quantity: 5, amount: '35.00', cost: '24.50' },
      // 3 more seats for 15 of 30 days
      { reason: 'QuantityChange', from: '2026-11-16', to: '2026-12-01', quantity: 3, amount: '15.00', cost: '10.50' },
      // 10 of 30 days of 8 seats given back
      { reason: 'Termination', from: '2026-11-21', to: '2026-12-01', quantity: 8, amount: '-26.67', cost: '-18.67' },
    ]);
  });

  it('counts the 29 days of a leap February', () => {
    const lines = subscriptionCharges([state('2028-02-15', { quantity: 1, unitPrice: '29.000000' })], terms(), intervalOf('2028-02'));
    expect(summary(lines)[0]).toMatchObject({ reason: 'Start', amount: '15.00' });
  });

  it('bills an annual period up front on its first day and prorates a change over the days of the year', () => {
    const annual = { periodMonths: 12, anchor: parseDay('2026-03-15') };
    const states = [state('2026-03-15', annual), state('2026-11-10', { ...annual, quantity: 6 })];
    expect(summary(subscriptionCharges(states, terms(), intervalOf('2026-03')))).toEqual([
      { reason: 'Start', from: '2026-03-15', to: '2027-03-15', quantity: 5, amount: '600.00', cost: '420.00' },
    ]);
    // One seat for the 125 days from 10 November to 15 March, of 365.
    expect(summary(subscriptionCharges(states, terms(), intervalOf('2026-11')))).toEqual([
      { reason: 'QuantityChange', from: '2026-11-10', to: '2027-03-15', quantity: 1, amount: roundToMinorUnit(money(120).times(125).div(365), 'EUR').toFixed(2), cost: '28.77' },
    ]);
    expect(subscriptionCharges(states, terms(), intervalOf('2026-12'))).toEqual([]);
    expect(summary(subscriptionCharges(states, terms(), intervalOf('2027-03')))[0]).toMatchObject({ reason: 'Recurring', from: '2027-03-15', to: '2028-03-15', quantity: 6, amount: '720.00' });
  });

  it('bills a service priced per year monthly at a twelfth, and a flat fee whatever the quantity', () => {
    const lines = subscriptionCharges([state('2026-01-01', { unitPrice: '120.000000' })], terms({ pricePeriodMonths: 12, flat: true }), intervalOf('2026-11'));
    expect(summary(lines)[0]).toMatchObject({ quantity: 5, amount: '10.00' });
  });

  it('bills the setup fee once, on the first billable day, and nothing before the subscription is delivered', () => {
    const states = [state('2026-11-05', { billable: false }), state('2026-11-06')];
    const lines = subscriptionCharges(states, terms({ setupFee: '25.00' }), intervalOf('2026-11'));
    expect(summary(lines).map((l) => [l.reason, l.from])).toEqual([
      ['Start', '2026-11-06'],
      ['Setup', '2026-11-06'],
    ]);
    expect(summary(subscriptionCharges(states, terms({ setupFee: '25.00' }), intervalOf('2026-12'))).map((l) => l.reason)).toEqual(['Recurring']);
  });

  it('counts several changes of one day as their net effect', () => {
    const lines = subscriptionCharges([state('2026-10-01'), state('2026-11-16', { quantity: 9 }), state('2026-11-16', { quantity: 6 })], terms(), intervalOf('2026-11'));
    expect(summary(lines).map((l) => [l.reason, l.quantity, l.amount])).toEqual([
      ['Recurring', 5, '50.00'],
      ['QuantityChange', 1, '5.00'],
    ]);
  });

  it('rounds each line once, half-up, so a month billed in daily pieces differs from the whole by at most half a cent a piece', () => {
    for (const price of ['9.99', '13.37', '0.07', '1234.56']) {
      for (const days of [28, 29, 30, 31]) {
        const whole = roundToMinorUnit(money(price), 'EUR');
        const pieces = Array.from({ length: days }, () => roundToMinorUnit(money(price).div(days), 'EUR')).reduce((a, b) => a.plus(b), money(0));
        expect(pieces.minus(whole).abs().lte(money('0.005').times(days))).toBe(true);
      }
    }
  });
});

describe('calendar', () => {
  it('takes the local date in the payer’s time zone across daylight-saving changes', () => {
    // Berlin leaves summer time at 01:00 UTC on 25 October 2026: 22:30 UTC is 23:30 local, the same day.
    expect(formatDay(localDay(new Date('2026-10-25T22:30:00Z'), 'Europe/Berlin'))).toBe('2026-10-25');
    expect(formatDay(localDay(new Date('2026-10-31T23:30:00Z'), 'Europe/Berlin'))).toBe('2026-11-01');
    expect(formatDay(localDay(new Date('2026-11-01T03:00:00Z'), 'America/Los_Angeles'))).toBe('2026-10-31');
    // A month holds its calendar days whatever its hours: March 2026 in Berlin has 31.
    expect(intervalOf('2026-03').end - intervalOf('2026-03').start).toBe(31);
  });

  it('adds months clamping to the month’s end', () => {
    expect(formatDay(addMonths(parseDay('2026-01-31'), 1))).toBe('2026-02-28');
    expect(formatDay(addMonths(parseDay('2028-01-31'), 1))).toBe('2028-02-29');
    expect(formatDay(addMonths(parseDay('2026-01-31'), 2))).toBe('2026-03-31');
  });
});
