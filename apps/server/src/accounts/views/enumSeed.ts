import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '@cmp/contracts/locales';
import type { EnumMember } from '@cmp/contracts/accountViews';
import { REGION_LABELS, labels } from './seedLabels';

/** A stored enum member: its value and, unless the name comes from Intl, its labels per language. */
export interface StoredEnumMember {
  Value: string;
  Labels?: Partial<Record<Locale, string>>;
}

// ISO 3166-1 alpha-2 codes; their names come from Intl.DisplayNames in the caller's language.
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const CURRENCY_CODES = 'EUR USD GBP CHF SEK NOK DKK PLN CZK HUF RON BGN TRY RUB JPY CNY AUD CAD NZD SGD HKD INR BRL MXN ZAR AED'.split(' ');

export const SEEDED_ENUMS: Record<string, StoredEnumMember[]> = {
  Countries: COUNTRY_CODES.map((Value) => ({ Value })),
  Currencies: CURRENCY_CODES.map((Value) => ({ Value })),
  // spec §9: the supported languages.
  Languages: SUPPORTED_LOCALES.map((Value) => ({ Value })),
  Regions: Object.entries(REGION_LABELS).map(([Value, texts]) => ({ Value, Labels: labels(texts) })),
};

/** Enums whose member names Intl knows in every language (so they are not stored per language). */
const INTL_KINDS: Record<string, 'region' | 'currency' | 'language'> = { Countries: 'region', Currencies: 'currency', Languages: 'language' };

/** Members with their DisplayValue in the caller's language; Intl names are sorted by that name. */
export function displayEnumMembers(enumName: string, members: StoredEnumMember[], locale: Locale): EnumMember[] {
  const kind = INTL_KINDS[enumName];
  const names = kind ? new Intl.DisplayNames([locale], { type: kind, fallback: 'code' }) : undefined;
  const display = (member: StoredEnumMember): string => {
    if (member.Labels) return member.Labels[locale] ?? member.Labels.en ?? member.Value;
    if (kind === 'language') return `${names!.of(member.Value) ?? member.Value} (${LOCALE_NAMES[member.Value as Locale] ?? member.Value})`;
    return names?.of(member.Value) ?? member.Value;
  };
  const result = members.map((member) => ({ Value: member.Value, DisplayValue: display(member) }));
  return kind ? result.sort((a, b) => a.DisplayValue.localeCompare(b.DisplayValue, locale)) : result;
}
