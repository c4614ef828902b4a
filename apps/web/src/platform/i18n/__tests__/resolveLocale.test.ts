import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, readStoredLocale, resolveLocale } from '../resolveLocale';

describe('resolveLocale (spec §4 Locale)', () => {
  it('prefers a valid stored locale', () => {
    expect(resolveLocale('de', 'fr')).toBe('de');
  });

  it('treats en_EN as en and accepts region variants', () => {
    expect(resolveLocale('en_EN', 'fr')).toBe('en');
    expect(resolveLocale('pt-BR', undefined)).toBe('pt');
  });

  it('falls back to the branding default locale when nothing valid is stored', () => {
    expect(resolveLocale(null, 'fi')).toBe('fi');
    expect(resolveLocale('xx', 'sv_SE')).toBe('sv');
  });

  it('falls back to en when neither is a supported locale', () => {
    expect(resolveLocale('klingon', 'zz')).toBe('en');
    expect(resolveLocale(undefined, '')).toBe('en');
  });

  it('reads the stored preference from local storage', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'hu');
    expect(resolveLocale(readStoredLocale(), 'de')).toBe('hu');
  });
});
