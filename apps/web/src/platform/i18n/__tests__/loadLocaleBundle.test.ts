import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { loadLocaleBundle } from '../loadLocaleBundle';

// issue 12: a language arrives as one chunk, not one per area: each language is one module that
// holds the shell's file and every area's file of that language.
const languageModules = import.meta.glob<{ areaBundles: Record<string, unknown> }>('../bundles/*.ts', { eager: true });
const localeFiles = Object.keys(import.meta.glob('../../../locales/**/*.json'));

describe('language bundles, one module per language', () => {
  it('has one module for each supported language and no other', () => {
    const languages = Object.keys(languageModules).map((path) => path.slice('../bundles/'.length, -'.ts'.length));
    expect(languages.sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES)('the %s module holds every file of its language', (locale) => {
    const filesOfLanguage = localeFiles.filter((path) => path.endsWith(`/${locale}.json`)).length;
    expect(filesOfLanguage).toBeGreaterThan(1);
    expect(Object.keys(languageModules[`../bundles/${locale}.ts`]!.areaBundles)).toHaveLength(filesOfLanguage);
  });

  it('merges the areas and the audit action names into one bundle', async () => {
    const bundle = await loadLocaleBundle('de');
    expect(bundle).toHaveProperty('login.sign_in');
    expect(bundle).toHaveProperty('consent.banner_title');
    expect(bundle).toHaveProperty('audit_actions.SignIn');
  });

  it('refuses a language it has no bundle for', async () => {
    await expect(loadLocaleBundle('xx')).rejects.toThrow('No language bundle for xx');
  });
});
