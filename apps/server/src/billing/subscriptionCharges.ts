import type { InvoiceLineReason } from '@cmp/contracts/billing';
import { Money, money, roundToMinorUnit } from '../pricing/money';
import { addMonthsToDay as addMonths, type Day } from '../platform/dates';
import { intervalContaining, type Interval } from './calendar';

// What one subscription bills in one month (issue 15; docs/architecture.md "Billing"). Pure: the billing run and
// the tests give it the subscription's states, and it answers the lines.
//
// A billing period is billed in advance, whole, on its first day, at the state of that day: a
// calendar month for monthly billing; for annual, triennial or prepaid terms the period of that
// length from the term's start. Every later change inside a period — a start, a quantity or price
// change, a termination — bills the difference it makes for the rest of the period, prorated by
// day: (new charge − old charge) × days left ÷ days of the period. So the days of a period are
// billed once whatever happens in it, and a line's key (subscription, first day, end, reason) can
// be unique in the database.

/** A subscription's state from its first day on (several on one day: the last counts). */
export interface SubscriptionState {
  from: Day;
  quantity: number;
  /** Active or Suspended: the days are billed. */
  billable: boolean;
  /** Per billing period of the service (products.billing_period); null: not priced. */
  unitPrice: string | null;
  /** Months one billing period of the subscription lasts: 1, 12, 36 (prepaid: the commitment's). */
  periodMonths: number;
  /** The day its term started: where periods longer than a month are counted from. */
  anchor: Day;
}

export interface ServiceTerms {
  /** Months the service's unit price is for: 1 (Monthly) or 12 (Annual). */
  pricePeriodMonths: number;
  /** A flat fee does not grow with the quantity. */
  flat: boolean;
  currency: string;
  /** What one unit costs the seller, per billing period of the service; null: unknown. */
  purchaseUnitPrice: string | null;
  /**
   * What one unit costs the sellers further up the chain, nearest first (the seller's seller … the
   * platform owner), as far as known. Their lines are the same lines at those prices: the invoice a
   * level above issues copies them, so each level's margin reconciles to the cent.
   */
  upstreamUnitPrices?: readonly string[];
  /** The order's setup fee, billed on the first billable day. */
  setupFee: string | null;
}

export interface ChargeLine {
  reason: InvoiceLineReason;
  periodStart: Day;
  periodEnd: Day;
  quantity: number;
  /** Per billing period of the subscription. */
  unitPrice: Money;
  amount: Money;
  purchaseUnitPrice: Money | null;
  purchaseAmount: Money | null;
  /** The line at the upstream unit prices (ServiceTerms.upstreamUnitPrices), nearest seller first. */
  upstream: UpstreamCharge[];
}

export interface UpstreamCharge {
  unitPrice: Money;
  amount: Money;
}

interface Period {
  start: Day;
  end: Day;
}

/** The billing period of a state that holds `day`. */
export function periodOf(state: SubscriptionState, day: Day): Period {
  if (state.periodMonths <= 1) return intervalContaining(day);
  // Counted from the anchor each time, so month-end clamping never drifts (Jan 31, Feb 28, Mar 31 …).
  let k = Math.max(0, Math.floor((day - state.anchor) / (state.periodMonths * 31)));
  while (addMonths(state.anchor, (k + 1) * state.periodMonths) <= day) k += 1;
  while (k > 0 && addMonths(state.anchor, k * state.periodMonths) > day) k -= 1;
  return { start: addMonths(state.anchor, k * state.periodMonths), end: addMonths(state.anchor, (k + 1) * state.periodMonths) };
}

/** The price of one unit for a whole period of the state (unit price × period ÷ the price's period). */
const unitPerPeriod = (state: SubscriptionState, price: string, terms: ServiceTerms) => money(price).times(state.periodMonths).div(terms.pricePeriodMonths);
const units = (state: SubscriptionState, terms: ServiceTerms) => (terms.flat ? 1 : state.quantity);

/** What a state bills for a whole period, unrounded; 0 when its days are not billed. */
function periodCharge(state: SubscriptionState | undefined, terms: ServiceTerms, price: (s: SubscriptionState) => string | null): Money {
  const unit = state?.billable ? price(state) : null;
  return state && unit !== null ? unitPerPeriod(state, unit, terms).times(units(state, terms)) : money(0);
}

/** The state in force on a day: the last of those from that day or before. */
function stateOn(states: readonly SubscriptionState[], day: Day): SubscriptionState | undefined {
  let found: SubscriptionState | undefined;
  for (const state of states) {
    if (state.from > day) break;
    found = state;
  }
  return found;
}

function reasonOf(before: SubscriptionState | undefined, after: SubscriptionState | undefined): InvoiceLineReason {
  if (!before?.billable) return 'Start';
  if (!after?.billable) return 'Termination';
  return before.quantity !== after.quantity ? 'QuantityChange' : 'PriceChange';
}

/**
 * The lines a subscription bills in an interval. `states` sorted by `from` (ties: in the order they
 * happened). Amounts rounded once per line, half-up, to the currency's minor unit.
 */
export function subscriptionCharges(states: readonly SubscriptionState[], terms: ServiceTerms, interval: Interval): ChargeLine[] {
  const lines: ChargeLine[] = [];
  if (states.length === 0) return lines;
  const round = (amount: Money) => roundToMinorUnit(amount, terms.currency);
  const sales = (s: SubscriptionState) => s.unitPrice;
  // The seller's cost, then the costs above it: a state without a price costs nothing either.
  const costPrices = terms.purchaseUnitPrice === null ? [] : [terms.purchaseUnitPrice, ...(terms.upstreamUnitPrices ?? [])];
  const costOf = (unit: string) => (s: SubscriptionState) => (s.unitPrice === null ? null : unit);
  const firstBillable = states.find((s) => s.billable && s.unitPrice !== null)?.from;
  // A state's periods follow each other: the one found for a day serves the next days of that state
  // (a billing run walks every day of 100,000 subscriptions' months).
  let known: { state: SubscriptionState; period: Period } | undefined;
  const periodAt = (state: SubscriptionState, day: Day) => {
    if (known?.state !== state || day < known.period.start || day >= known.period.end) known = { state, period: periodOf(state, day) };
    return known.period;
  };

  for (let day = Math.max(interval.start, states[0]!.from); day < interval.end; day += 1) {
    const before = stateOn(states, day - 1);
    const after = stateOn(states, day);
    if (!after) continue;
    const period = periodAt(after, day);
    // A day on which nothing changes bills nothing unless a period or the setup fee falls on it.
    if (before === after && day !== period.start && day !== firstBillable) continue;
    const line = (reason: InvoiceLineReason, start: Day, quantity: number, share: Money, basis: SubscriptionState) => {
      const change = (price: (s: SubscriptionState) => string | null) => periodCharge(after, terms, price).minus(start === period.start ? 0 : periodCharge(before, terms, price));
      const amount = round(change(sales).times(share));
      const costs = costPrices.map((unit) => round(change(costOf(unit)).times(share)));
      if (amount.isZero() && costs.every((cost) => cost.isZero())) return;
      const unit = basis.unitPrice === null ? money(0) : unitPerPeriod(basis, basis.unitPrice, terms);
      const costUnits = costPrices.map((price) => unitPerPeriod(basis, price, terms));
      lines.push({
        reason,
        periodStart: start,
        periodEnd: period.end,
        quantity,
        unitPrice: unit,
        amount,
        purchaseUnitPrice: costUnits[0] ?? null,
        purchaseAmount: costs[0] ?? null,
        upstream: costs.slice(1).map((cost, i) => ({ unitPrice: costUnits[i + 1]!, amount: cost })),
      });
    };

    if (day === period.start) {
      // A period opens: billed whole, at the state of its first day.
      if (after.billable && after.unitPrice !== null) line(before?.billable ? 'Recurring' : 'Start', day, after.quantity, money(1), after);
    } else if (!periodCharge(after, terms, sales).eq(periodCharge(before, terms, sales)) || before?.billable !== after.billable) {
      const reason = reasonOf(before, after);
      const quantity = reason === 'QuantityChange' ? after.quantity - (before?.quantity ?? 0) : reason === 'Termination' ? (before?.quantity ?? 0) : after.quantity;
      line(reason, day, quantity, money(period.end - day).div(period.end - period.start), reason === 'Termination' && before ? before : after);
    }

    if (day === firstBillable && terms.setupFee !== null && !money(terms.setupFee).isZero()) {
      const fee = round(money(terms.setupFee));
      lines.push({ reason: 'Setup', periodStart: day, periodEnd: day + 1, quantity: 1, unitPrice: fee, amount: fee, purchaseUnitPrice: null, purchaseAmount: null, upstream: [] });
    }
  }
  return lines;
}
