import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { ERROR_KEYS } from '@cmp/contracts/errors';
import { catalogue, catalogueKeys, folderCatalogue, localeFromAcceptLanguage, messageFolders, translateMessage } from './messages';

describe('server message catalogues', () => {
  it('has every error key in English', () => {
    expect(catalogueKeys('en')).toEqual(expect.arrayContaining([...ERROR_KEYS]));
  });

  it('has exactly the keys of English in every supported language, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const locale of SUPPORTED_LOCALES) {
      expect([...catalogueKeys(locale)].sort(), locale).toEqual([...catalogueKeys('en')].sort());
      for (const key of catalogueKeys('en')) {
        expect(placeholders(catalogue(locale)[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(catalogue('en')[key]!));
      }
    }
  });

  it.each(messageFolders)('folder "%s" has a file per language with the keys of its English file, no key of another folder', (folder) => {
    const english = Object.keys(folderCatalogue(folder, 'en')).sort();
    expect(english.length, folder).toBeGreaterThan(0);
    for (const locale of SUPPORTED_LOCALES) expect(Object.keys(folderCatalogue(folder, locale)).sort(), `${folder}/${locale}`).toEqual(english);
    for (const other of messageFolders.filter((f) => f !== folder)) {
      expect(english.filter((key) => key in folderCatalogue(other, 'en')), `${folder} and ${other}`).toEqual([]);
    }
  });

  it('translates rather than copying English', () => {
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      expect(translateMessage(locale, 'access_denied'), locale).not.toBe(translateMessage('en', 'access_denied'));
    }
  });

  it('fills placeholders', () => {
    expect(translateMessage('en', 'unknown_operation', { operation: 'IXService/Y' })).toBe('Unknown operation IXService/Y.');
  });

  it('picks the best supported language of Accept-Language', () => {
    expect(localeFromAcceptLanguage('xx-XX, fr;q=0.5, de;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('en_EN')).toBe('en');
    expect(localeFromAcceptLanguage('zz')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
