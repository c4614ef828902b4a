import { money, type Money } from '../pricing/money';

// Value added tax on an invoice (issue 15; docs/architecture.md "Billing"): a rate table by country — the standard
// rates in force in 2026 — and the EU's reverse charge for business across its internal borders.

/** EU member states and their standard VAT rates (share of the net amount). */
const EU_VAT_RATES: Record<string, string> = {
  AT: '0.20', BE: '0.21', BG: '0.20', HR: '0.25', CY: '0.19', CZ: '0.21', DK: '0.25', EE: '0.24', FI: '0.255',
  FR: '0.20', DE: '0.19', GR: '0.24', HU: '0.27', IE: '0.23', IT: '0.22', LV: '0.21', LT: '0.21', LU: '0.17',
  MT: '0.18', NL: '0.21', PL: '0.23', PT: '0.23', RO: '0.21', SK: '0.23', SI: '0.22', ES: '0.21', SE: '0.25',
};

/** Other countries the platform sells in with a national VAT (sales taxes such as the US's are out of scope: 0). */
const OTHER_VAT_RATES: Record<string, string> = { GB: '0.20', NO: '0.25', CH: '0.081', TR: '0.20' };

const rateOf = (country: string | null): Money => money(country ? (EU_VAT_RATES[country] ?? OTHER_VAT_RATES[country] ?? '0') : '0');
const inEu = (country: string | null) => country !== null && country in EU_VAT_RATES;

export interface TaxParty {
  country: string | null;
  vatId: string | null;
}

export interface TaxTreatment {
  rate: Money;
  reverseCharge: boolean;
}

/**
 * The tax an invoice from `seller` to `buyer` charges:
 * - same country: that country's rate;
 * - both in the EU, different countries, the buyer with a VAT id: reverse charge, no VAT charged;
 * - both in the EU, the buyer without a VAT id: the seller's rate;
 * - a sale leaving the seller's VAT area (export): none.
 */
export function taxTreatment(seller: TaxParty, buyer: TaxParty): TaxTreatment {
  if (seller.country === buyer.country) return { rate: rateOf(buyer.country), reverseCharge: false };
  if (inEu(seller.country) && inEu(buyer.country)) {
    return buyer.vatId ? { rate: money(0), reverseCharge: true } : { rate: rateOf(seller.country), reverseCharge: false };
  }
  return { rate: money(0), reverseCharge: false };
}
