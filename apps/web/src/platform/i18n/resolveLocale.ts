import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@cmp/contracts/locales';

/** The key under which the chosen interface language is kept in the browser (spec §2 Language menu). */
export const LOCALE_STORAGE_KEY = 'locale';

/**
 * spec §4 Locale: the stored preference if valid, else the branding default locale, else en.
 * Only supported locales are accepted; en_EN and de-DE count as en and de (spec §9).
 */
export function resolveLocale(storedLocale: string | null | undefined, brandingDefaultLocale: string | null | undefined): Locale {
  return normalizeLocale(storedLocale) ?? normalizeLocale(brandingDefaultLocale) ?? DEFAULT_LOCALE;
}

export function readStoredLocale(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    return storage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be blocked by browser privacy settings; the branding default then applies.
    return null;
  }
}

export function storeLocale(locale: Locale, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not kept across visits when storage is blocked; the language still changes for this page.
  }
}
