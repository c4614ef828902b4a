import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { AUDIT_ACTIONS } from '@cmp/contracts/audit';

type Bundle = Record<string, unknown>;
const bundles = import.meta.glob<Bundle>('../*.json', { eager: true, import: 'default' });
const bundleOf = (locale: string) => bundles[`../${locale}.json`];

function flatten(bundle: Bundle, prefix = ''): Record<string, string> {
  return Object.entries(bundle).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix + key;
    return typeof value === 'object' && value !== null ? { ...all, ...flatten(value as Bundle, `${path}.`) } : { ...all, [path]: String(value) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = flatten(bundleOf('en'));

describe('language bundles (spec §9: 15 languages)', () => {
  it('has one bundle per supported language and no other', () => {
    expect(Object.keys(bundles).map((path) => path.slice(3, -5)).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the keys English has, with the same placeholders', (locale) => {
    const translated = flatten(bundleOf(locale));
    expect(Object.keys(translated).filter((key) => !(key in english)), 'keys English does not have').toEqual([]);
    expect(Object.keys(english).filter((key) => !(key in translated)), 'keys missing').toEqual([]);
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
      expect(placeholders(text), `${locale} ${key} placeholders`).toEqual(placeholders(english[key]));
    }
  });

  it('uses no placeholder wording in any language', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const text = JSON.stringify(bundleOf(locale)).toLowerCase();
      expect(text).not.toMatch(/coming soon|not implemented|lorem ipsum/);
    }
  });

  it('names every audit action the server records', () => {
    for (const action of AUDIT_ACTIONS) expect(english, action).toHaveProperty([`audit_actions.${action}`]);
  });
});
