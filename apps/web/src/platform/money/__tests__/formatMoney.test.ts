import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney } from '../formatMoney';

describe('formatMoney', () => {
  it("shows an amount in the user's language with the currency's minor unit", () => {
    expect(formatMoney('5.47', 'EUR', 'en')).toBe('€5.47');
    expect(formatMoney('1234.5', 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney('12', 'USD', 'en')).toBe('$12.00');
  });

  it('keeps the decimals of a usage price, up to six', () => {
    expect(formatMoney('0.0276', 'EUR', 'en')).toBe('€0.0276');
    expect(formatMoney('0.012345', 'EUR', 'en')).toBe('€0.012345');
  });

  it('keeps a currency without minor unit whole', () => {
    expect(formatMoney('1500', 'JPY', 'en')).toBe('¥1,500');
  });

  it('shows an amount in an unknown currency as sent', () => {
    expect(formatMoney('3.99', 'X1', 'en')).toBe('3.99 X1');
  });
});

describe('formatDecimal', () => {
  it('writes a percentage with the decimal separator of the language', () => {
    expect(formatDecimal('12.5', 'de')).toBe('12,5');
    expect(formatDecimal('25', 'en')).toBe('25');
  });
});
