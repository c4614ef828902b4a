import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_TYPES, type PricingModel } from '@cmp/contracts/pricing';
import { minorUnits, priceScale } from './money';
import { itemFacts } from './effectivePrice';
import { priceByRules, type PriceableItemFacts, type PricingRuleDefinition } from './priceByRules';

// Issue 13 "Tests that must exist": property tests of every pricing model — rounding edge cases,
// priority order, markup and gross margin never below purchase, the explanation names the rule.

const item = (facts: Partial<PriceableItemFacts> = {}): PriceableItemFacts => ({
  id: 1,
  vendorAccountId: 10,
  serviceGroupIds: [],
  feeType: 'Recurring',
  currency: 'EUR',
  purchasePrice: '10.00',
  srp: '15.00',
  ...facts,
});

let nextRuleId = 1;
const rule = (model: PricingModel, parameter: string | null, facts: Partial<PricingRuleDefinition> = {}): PricingRuleDefinition => ({
  id: nextRuleId++,
  name: `${model} rule`,
  priority: 1,
  isDefault: false,
  model,
  parameter,
  scope: { kind: 'AllServices', ids: [] },
  ...facts,
});
const defaultRule = () => rule('Srp', null, { name: 'Default', priority: 999, isDefault: true });

const priced = (result: ReturnType<typeof priceByRules>) => {
  if (!result.isPriced) throw new Error('expected a price');
  return result;
};

// Independent oracle: amounts as BigInt micro-units, so the test does not share decimal.js with the code.
const MICRO = 1_000_000n;
const toMicro = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole!) * MICRO + BigInt(fraction.padEnd(6, '0').slice(0, 6));
};
/** Half-up of a non-negative rational numerator/denominator (in micro-units) to `scale` decimals, as a string. */
function halfUp(numerator: bigint, denominator: bigint, scale: number): string {
  const unit = 10n ** BigInt(scale);
  const scaled = (numerator * unit * 2n + denominator * MICRO) / (denominator * MICRO * 2n);
  const text = scaled.toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

const decimalUpTo = (maxWhole: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 999_999 })).map(([whole, micro]) => `${whole}.${String(micro).padStart(6, '0')}`);
/** Six-decimal amounts, small ones often: rounding edges live where the parameter moves the price by less than a minor unit. */
const decimal6 = fc.oneof(decimalUpTo(20), decimalUpTo(99_999));
const cents = fc.integer({ min: 0, max: 9_999_999 }).map((value) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`);
const asPercent = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
/** 0.00 % to 500.00 %, often below 1 %. */
const percent = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 50_000 })).map(asPercent);
/** 0.00 % to 99.99 %: a gross margin stays below 100 %. */
const marginPercent = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9_999 })).map(asPercent);
const currency = fc.constantFrom('EUR', 'USD', 'JPY', 'BHD', 'CLF');
const feeType = fc.constantFrom(...FEE_TYPES);

describe('the price function: every model (issue 13)', () => {
  it('prices by each model, at the currency minor unit', () => {
    expect(priced(priceByRules(item(), [rule('Static', '19.99')])).price).toBe('19.99');
    expect(priced(priceByRules(item(), [rule('Srp', null)])).price).toBe('15.00');
    expect(priced(priceByRules(item(), [rule('Markup', '12')])).price).toBe('11.20');
    expect(priced(priceByRules(item(), [rule('GrossMargin', '20')])).price).toBe('12.50');
    expect(priced(priceByRules(item(), [rule('SrpDiscount', '15')])).price).toBe('12.75');
    expect(priced(priceByRules(item({ currency: 'JPY', purchasePrice: '1000', srp: '1500' }), [rule('Markup', '12.35')])).price).toBe('1124');
    expect(priced(priceByRules(item({ currency: 'BHD', purchasePrice: '1.000' }), [rule('Markup', '12.34')])).price).toBe('1.123');
  });

  it('rounds half-up, away from zero, once', () => {
    expect(priced(priceByRules(item(), [rule('Static', '12.345')])).price).toBe('12.35');
    expect(priced(priceByRules(item(), [rule('Static', '12.344999')])).price).toBe('12.34');
    expect(priced(priceByRules(item(), [rule('Static', '0.005')])).price).toBe('0.01');
    expect(priced(priceByRules(item({ currency: 'JPY' }), [rule('Static', '1234.5')])).price).toBe('1235');
    // 10.00 × 1.125 = 11.25 exactly; 10.00 × 1.12345 = 11.2345 → 11.23.
    expect(priced(priceByRules(item(), [rule('Markup', '12.5')])).price).toBe('11.25');
    expect(priced(priceByRules(item(), [rule('Markup', '12.345')])).price).toBe('11.23');
    // Never below a purchase price finer than a cent: 10.001 with 0 % markup is 10.01, not 10.00.
    expect(priced(priceByRules(item({ purchasePrice: '10.001' }), [rule('Markup', '0')])).price).toBe('10.01');
    // A usage price is finer than a cent: six decimals.
    expect(priced(priceByRules(item({ feeType: 'Usage', purchasePrice: '0.0042' }), [rule('Markup', '10')])).price).toBe('0.004620');
  });

  it('tells margin and margin % and flags a static price below purchase', () => {
    const result = priced(priceByRules(item(), [rule('GrossMargin', '20')]));
    expect([result.margin, result.marginPercent, result.isBelowPurchase]).toEqual(['2.50', '20.00', false]);
    const below = priced(priceByRules(item(), [rule('Static', '9.50')]));
    expect([below.margin, below.isBelowPurchase]).toEqual(['-0.50', true]);
  });

  it('skips a rule that lacks the value its model needs, says so, and lets the next one price', () => {
    const markup = rule('Markup', '10', { priority: 1 });
    const result = priced(priceByRules(item({ purchasePrice: null }), [markup, defaultRule()]));
    expect(result.price).toBe('15.00');
    expect(result.explanation.IsDefaultRule).toBe(true);
    expect(result.skipped).toEqual([{ ruleId: markup.id, reason: 'no_purchase_price' }]);
    expect(priceByRules(item({ purchasePrice: null, srp: null }), [markup, defaultRule()])).toEqual({
      isPriced: false,
      skipped: [
        { ruleId: markup.id, reason: 'no_purchase_price' },
        { ruleId: expect.any(Number) as number, reason: 'no_srp' },
      ],
    });
  });

  it('applies a rule only inside its scope: vendors, service groups, priceable items', () => {
    const byVendor = rule('Markup', '10', { scope: { kind: 'Vendors', ids: [10] } });
    const byGroup = rule('Markup', '20', { scope: { kind: 'ServiceGroups', ids: [7] } });
    const byItem = rule('Markup', '30', { scope: { kind: 'PriceableItems', ids: [2] } });
    const rules = [byItem, byGroup, byVendor, defaultRule()];
    expect(priced(priceByRules(item({ id: 2, vendorAccountId: 99 }), rules)).explanation.RuleId).toBe(byItem.id);
    expect(priced(priceByRules(item({ vendorAccountId: 99, serviceGroupIds: [3, 7] }), rules)).explanation.RuleId).toBe(byGroup.id);
    expect(priced(priceByRules(item(), rules)).explanation.RuleId).toBe(byVendor.id);
    expect(priced(priceByRules(item({ vendorAccountId: 99 }), rules)).explanation.IsDefaultRule).toBe(true);
  });
});

describe('the price function: properties (fast-check)', () => {
  it('never prices below purchase with markup or gross margin of a positive parameter, whatever the rounding', () => {
    fc.assert(
      fc.property(decimal6, fc.oneof(fc.tuple(fc.constant<PricingModel>('Markup'), percent), fc.tuple(fc.constant<PricingModel>('GrossMargin'), marginPercent)), currency, feeType, (purchase, [model, parameter], code, fee) => {
        const result = priced(priceByRules(item({ purchasePrice: purchase, currency: code, feeType: fee }), [rule(model, parameter)]));
        expect(toMicro(result.price)).toBeGreaterThanOrEqual(toMicro(purchase));
        expect(result.isBelowPurchase).toBe(false);
      }),
    );
  });

  it('fixes every price at the scale of its currency and fee type, rounding half-up (checked against integer arithmetic)', () => {
    fc.assert(
      fc.property(decimal6, currency, feeType, (parameter, code, fee) => {
        const { price } = priced(priceByRules(item({ currency: code, feeType: fee }), [rule('Static', parameter)]));
        const scale = priceScale(code, fee);
        expect(price).toBe(halfUp(toMicro(parameter), 1n, scale));
        expect(price.split('.')[1]?.length ?? 0).toBe(scale);
      }),
    );
  });

  it('computes markup and SRP discount exactly as the model says (integer oracle)', () => {
    fc.assert(
      fc.property(cents, percent, (amount, parameter) => {
        const p = toMicro(parameter); // percent × 10^6
        const markup = priced(priceByRules(item({ purchasePrice: amount }), [rule('Markup', parameter)])).price;
        expect(markup).toBe(halfUp(toMicro(amount) * (100n * MICRO + p), 100n * MICRO, minorUnits('EUR')));
        const discount = Number(parameter) <= 100 ? priced(priceByRules(item({ srp: amount }), [rule('SrpDiscount', parameter)])).price : null;
        if (discount !== null) expect(discount).toBe(halfUp(toMicro(amount) * (100n * MICRO - p), 100n * MICRO, 2));
      }),
    );
  });

  it('takes the highest-priority matching rule, the default last, whatever order the rules come in', () => {
    const ruleArb = fc.record({
      priority: fc.integer({ min: 1, max: 5 }),
      model: fc.constantFrom<PricingModel>('Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount'),
      inScope: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean(), fc.integer(), (shapes, hasPurchase, hasSrp, seed) => {
        const rules = shapes.map((shape, index) =>
          rule(shape.model, shape.model === 'Static' ? '5.00' : shape.model === 'Srp' ? null : '10', {
            id: 100 + index,
            priority: shape.priority,
            scope: shape.inScope ? { kind: 'AllServices', ids: [] } : { kind: 'Vendors', ids: [999] },
          }),
        );
        // The default rule's own number is the highest here: it must still come last.
        const all = [...rules, { ...defaultRule(), id: 1, priority: 0 }];
        const facts = item({ purchasePrice: hasPurchase ? '10.00' : null, srp: hasSrp ? '15.00' : null });
        const canPrice = (candidate: PricingRuleDefinition) =>
          candidate.model === 'Static' || (['Srp', 'SrpDiscount'].includes(candidate.model) ? hasSrp : hasPurchase);
        const expected = all
          .filter((candidate) => (candidate.isDefault || candidate.scope.kind === 'AllServices') && canPrice(candidate))
          .sort((a, b) => Number(a.isDefault) - Number(b.isDefault) || a.priority - b.priority || a.id - b.id)[0];
        const shuffled = [...all].sort((a, b) => ((a.id * 7919 + seed) % 97) - ((b.id * 7919 + seed) % 97));
        const result = priceByRules(facts, shuffled);
        expect(result).toEqual(priceByRules(facts, all));
        if (!expected) expect(result.isPriced).toBe(false);
        else expect(priced(result).explanation.RuleId).toBe(expected.id);
      }),
    );
  });

  it('names the rule that priced the item: that rule alone gives the same price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<PricingModel>('Static', 'Markup', 'GrossMargin', 'SrpDiscount'), marginPercent, fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 6 }),
        decimal6,
        (shapes, purchase) => {
          const rules = shapes.map(([model, parameter, priority]) => rule(model, parameter, { priority }));
          const result = priced(priceByRules(item({ purchasePrice: purchase, srp: purchase }), [...rules, defaultRule()]));
          const named = [...rules].find((candidate) => candidate.id === result.explanation.RuleId)!;
          expect(named.model).toBe(result.explanation.Model);
          expect(priced(priceByRules(item({ purchasePrice: purchase, srp: purchase }), [named])).price).toBe(result.price);
        },
      ),
    );
  });
});

describe('the price function: manual prices and propagated costs (issue 13)', () => {
  it('prices by a manual price before every rule, says so, and flags it below purchase', () => {
    const result = priced(priceByRules(item({ manualPrice: '9.499' }), [rule('Markup', '50', { priority: 1 }), defaultRule()]));
    expect(result.price).toBe('9.50');
    expect(result.explanation).toEqual({ RuleId: 0, RuleName: 'Manual price', Model: 'Static', Parameter: '9.499', IsDefaultRule: false, IsManualPrice: true });
    expect([result.margin, result.isBelowPurchase, result.skipped]).toEqual(['-0.50', true, []]);
    // A rule-made price says it is no manual price.
    expect(priced(priceByRules(item({ manualPrice: null }), [defaultRule()])).explanation.IsManualPrice).toBe(false);
    // Even an item no rule could price has its manual price.
    expect(priced(priceByRules(item({ purchasePrice: null, srp: null, manualPrice: '0' }), [])).price).toBe('0.00');
  });

  it('a manual price wins over any rules, rounded half-up at the scale and never lifted to purchase (fast-check)', () => {
    const ruleArb = fc.tuple(fc.constantFrom<PricingModel>('Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount'), marginPercent, fc.integer({ min: 1, max: 9 }));
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 6 }), decimal6, decimal6, currency, feeType, (shapes, manual, purchase, code, fee) => {
        const rules = shapes.map(([model, parameter, priority]) => rule(model, model === 'Srp' ? null : parameter, { priority }));
        const facts = item({ manualPrice: manual, purchasePrice: purchase, currency: code, feeType: fee });
        const result = priced(priceByRules(facts, [...rules, defaultRule()]));
        const scale = priceScale(code, fee);
        expect(result.price).toBe(halfUp(toMicro(manual), 1n, scale));
        expect(result.explanation).toMatchObject({ RuleId: 0, Model: 'Static', IsManualPrice: true, IsDefaultRule: false });
        expect(result.isBelowPurchase).toBe(toMicro(result.price) < toMicro(purchase));
      }),
    );
  });

  it('with a propagated cost as purchase price, margin models stay at or above it (fast-check)', () => {
    // effectivePrice hands the propagated cost to the price function as the purchase price (itemFacts).
    fc.assert(
      fc.property(decimal6, decimal6, percent, currency, (vendorPrice, cost, parameter, code) => {
        const basis = {
          itemId: 1, productName: 'X', name: 'Seat', feeType: 'Recurring' as const, vendorAccountId: 10, serviceGroupIds: [], vendorCurrency: 'USD',
          vendorPurchasePrice: vendorPrice, vendorSrp: '99', cost, manualPrice: null, rate: { rate: '3', asOf: new Date() },
        };
        // A propagated cost is already in the pricelist's currency: no exchange for it (the SRP still converts).
        const facts = itemFacts(basis, code);
        if (typeof facts === 'string') throw new Error('the rate is current');
        expect([facts.purchasePrice, facts.srp]).toEqual([cost, '297.000000']);
        const result = priced(priceByRules(facts, [rule('Markup', parameter)]));
        expect(toMicro(result.price)).toBeGreaterThanOrEqual(toMicro(cost));
        // An outdated rate leaves the item unpriced (its SRP cannot be known); a manual price still prices it.
        const outdated = { ...basis, rate: 'exchange_rate_outdated' as const };
        expect(itemFacts(outdated, code)).toBe('exchange_rate_outdated');
        expect(itemFacts({ ...outdated, cost: null }, code, { manualPrices: new Map([[1, '1.00']]) })).toMatchObject({ manualPrice: '1.00', purchasePrice: null, srp: null });
        // A hypothetical cost replaces the stored one; null removes it.
        expect(itemFacts({ ...basis, rate: null }, code, { costs: new Map([[1, '7.5']]) })).toMatchObject({ purchasePrice: '7.5' });
        expect(itemFacts({ ...basis, rate: null }, code, { costs: new Map([[1, null]]) })).toMatchObject({ purchasePrice: vendorPrice });
      }),
    );
  });
});
