import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { loadLocaleBundle, mergeBundles } from '../../platform/i18n/loadLocaleBundle';
import { AUDIT_ACTIONS } from '@cmp/contracts/audit';

type Bundle = Record<string, unknown>;
// Every folder of locales/ (the shell's bundle, and one per area) must hold all 15 languages alike.
const files = import.meta.glob<Bundle>('../**/*.json', { eager: true, import: 'default' });
const folders = [...new Set(Object.keys(files).map((path) => path.slice(0, path.lastIndexOf('/') + 1)))];
const bundleOf = (locale: string) => mergeBundles(folders.map((folder) => files[`${folder}${locale}.json`] ?? {}));

function flatten(bundle: Bundle, prefix = ''): Record<string, string> {
  return Object.entries(bundle).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix + key;
    return typeof value === 'object' && value !== null ? { ...all, ...flatten(value as Bundle, `${path}.`) } : { ...all, [path]: String(value) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = flatten(bundleOf('en'));

describe('language bundles (spec §9: 15 languages)', () => {
  it.each(folders)('%s has one bundle per supported language and no other', (folder) => {
    const languages = Object.keys(files)
      .filter((path) => path.slice(0, path.lastIndexOf('/') + 1) === folder)
      .map((path) => path.slice(folder.length, -5));
    expect(languages.sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('keeps the areas apart: no top-level key appears in two folders', () => {
    const owners = new Map<string, string>();
    for (const folder of folders) {
      for (const key of Object.keys(files[`${folder}en.json`] ?? {})) {
        expect(owners.get(key), `${key} in ${folder}`).toBeUndefined();
        owners.set(key, folder);
      }
    }
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

  it('names every audit action the server records, in every language', async () => {
    for (const locale of SUPPORTED_LOCALES) {
      const bundle = flatten(await loadLocaleBundle(locale));
      for (const action of AUDIT_ACTIONS) expect(bundle[`audit_actions.${action}`], `${locale} ${action}`).toMatch(/\S/);
    }
  });
});
