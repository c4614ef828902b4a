import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../intlFormats';

describe('Intl formatters are made once per language and options (issue 12)', () => {
  it('hands out the same formatter for the same language and options, another for others', () => {
    const euros = numberFormat('de', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' })).toBe(euros);
    expect(numberFormat('de', { style: 'currency', currency: 'USD' })).not.toBe(euros);
    expect(numberFormat('fr', { style: 'currency', currency: 'EUR' })).not.toBe(euros);
    expect(euros.format(1234.5)).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(1234.5));
  });

  it('keeps number and date formatters apart, and a formatter without options apart from one with', () => {
    expect(dateTimeFormat('en')).not.toBe(numberFormat('en'));
    expect(dateTimeFormat('en', { month: 'long' })).not.toBe(dateTimeFormat('en'));
    expect(dateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date('2026-03-15T12:00:00Z'))).toBe('March');
  });

  it('throws for an unknown currency as the constructor does, and keeps nothing for it', () => {
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOPE!' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOPE!' })).toThrow(RangeError);
  });
});
