import { numberFormat } from '../i18n/intlFormats';

/**
 * The one money formatter of the portal (STYLE.md "money formatting written once"). Amounts travel
 * as exact decimal strings (DESIGN.md "Commerce"); `Number()` here only feeds Intl's display and its
 * result is never used in a calculation. The amount keeps every decimal it was sent with (a usage
 * price of 0.0276 stays 0.0276), and shows at least the currency's own minor unit.
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const decimals = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0;
  try {
    const format = numberFormat(locale, { style: 'currency', currency });
    const minorUnit = format.resolvedOptions().minimumFractionDigits ?? 2;
    return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minorUnit, maximumFractionDigits: Math.max(minorUnit, Math.min(decimals, 6)) }).format(Number(amount));
  } catch {
    // An unknown currency code: the amount as sent, with its code.
    return `${amount} ${currency}`;
  }
}

/** A decimal string as a plain number in the user's language, e.g. a percentage "12.5" → "12,5" in German. */
export function formatDecimal(value: string, locale: string, maximumFractionDigits = 6): string {
  return numberFormat(locale, { maximumFractionDigits }).format(Number(value));
}
