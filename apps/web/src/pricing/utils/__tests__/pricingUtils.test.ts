import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { describeRuleModel, describeRuleScope, pricedByText } from '../../../platform/money/ruleDescription';
import { normalizeParameter, parameterProblemKey } from '../parameterProblemKey';
import { movedInOrder, parseIdList } from '../priorityOrder';

const t = i18next.t.bind(i18next);

describe('rule descriptions', () => {
  it('explains a price by its model, parameter and rule name', () => {
    const rule = { RuleId: 7, RuleName: 'Collaboration margin', Model: 'GrossMargin' as const, Parameter: '25', IsDefaultRule: false };
    expect(pricedByText(t, 'en', rule, 'EUR')).toBe("Gross margin 25 % — rule 'Collaboration margin'");
    expect(describeRuleModel(t, 'en', 'Static', '3.99', 'EUR')).toBe('Static price €3.99');
    expect(describeRuleModel(t, 'de', 'SrpDiscount', '12.5', 'EUR')).toBe('SRP discount 12,5 %');
    expect(describeRuleModel(t, 'en', 'Srp', null, 'EUR')).toBe('SRP');
  });

  it('names the vendors of a scope where it knows them, else counts the ids', () => {
    const vendors = new Map([[4002, 'Nimbus Security']]);
    expect(describeRuleScope(t, { Kind: 'Vendors', Ids: [4002] }, vendors)).toBe('Vendors: Nimbus Security');
    expect(describeRuleScope(t, { Kind: 'ServiceGroups', Ids: [1, 2] }, vendors)).toBe('Service groups: 2');
    expect(describeRuleScope(t, { Kind: 'AllServices', Ids: [] }, vendors)).toBe('All services');
  });
});

describe('parameter checks (the contract decides, the portal words it)', () => {
  it.each([
    ['GrossMargin', '100', 'pricing.parameter_errors.gross_margin_below_100'],
    ['SrpDiscount', '100.5', 'pricing.parameter_errors.srp_discount_at_most_100'],
    ['Markup', '1000.01', 'pricing.parameter_errors.percent_at_most'],
    ['Markup', 'ten', 'pricing.parameter_errors.percent_invalid'],
    ['Markup', null, 'pricing.parameter_errors.percent_required'],
    ['Static', null, 'pricing.parameter_errors.price_required'],
    ['Static', '3.9999999', 'pricing.parameter_errors.price_invalid'],
  ] as const)('%s %s → %s', (model, parameter, key) => {
    expect(parameterProblemKey(model, parameter)?.key).toBe(key);
  });

  it('accepts what the server accepts', () => {
    expect(parameterProblemKey('GrossMargin', '99.9999')).toBeUndefined();
    expect(parameterProblemKey('Static', '0')).toBeUndefined();
    expect(parameterProblemKey('Srp', null)).toBeUndefined();
  });

  it('takes a decimal comma as typed in many languages, without computing', () => {
    expect(normalizeParameter('Static', ' 3,99 ')).toBe('3.99');
    expect(normalizeParameter('Markup', '')).toBeNull();
    expect(normalizeParameter('Srp', '5')).toBeNull();
  });
});

describe('priority order', () => {
  it('swaps an id with its neighbour and keeps the ends in place', () => {
    expect(movedInOrder([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(movedInOrder([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movedInOrder([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('reads a list of ids', () => {
    expect(parseIdList('12, 15 17,12')).toEqual([12, 15, 17]);
    expect(parseIdList('12, x')).toBeUndefined();
    expect(parseIdList('')).toEqual([]);
  });
});
