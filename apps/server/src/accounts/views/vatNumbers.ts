// The VAT-number check of ValidateRemoteFieldWithResult (accounts issue: "a VAT-number format per
// country"). The formats are those of the EU VIES documentation plus GB, CH and NO; the number may
// be typed with spaces, dots or hyphens and with or without its country prefix.
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  GR: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  NO: /^NO\d{9}(MVA)?$/,
};

/** The prefix a country's VAT numbers carry (Greece uses EL). */
const prefixOf = (country: string) => (country === 'GR' ? 'EL' : country === 'CH' ? 'CHE' : country);

/** Whether the number fits the country's format; countries without a known format accept 4–20 letters and digits. */
export function isValidVatNumber(value: string, country: string | undefined): boolean {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const code = (country ?? '').toUpperCase();
  const format = VAT_FORMATS[code];
  if (!format) return /^[A-Z0-9]{4,20}$/.test(compact);
  const prefix = prefixOf(code);
  const withPrefix = compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
  return format.test(withPrefix);
}
