import { describe, expect, it } from 'vitest';
import { BILLING_FREQUENCIES, COMMITMENTS } from '@cmp/contracts/orders';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { termText } from './quoteDocument';

// The quote PDF names each line's term in the customer's language, never as the code the order stores.
describe('quote PDF term', () => {
  it('reads as words in the quote’s language', () => {
    expect(termText('en', '1-month', 'Monthly')).toBe('1 month, Monthly');
    expect(termText('fr', 'annual', 'Annual')).toBe('Annuel, Annuelle');
    expect(termText('fi', '3-year', 'Triennial')).toBe('3 vuotta, 3 vuoden välein');
  });

  it('has words for every term and frequency in all 15 languages', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const commitment of COMMITMENTS) {
        for (const frequency of BILLING_FREQUENCIES) {
          const words = termText(locale, commitment, frequency);
          expect(words).not.toMatch(/mail_quote_pdf|1-month|3-year/);
        }
      }
    }
  });
});
