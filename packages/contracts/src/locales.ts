// spec §9: English is the default and fallback; en_EN counts as en; the display code is the first two characters.
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'fi', 'tr', 'bg', 'pt', 'sv'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Native names shown in language menus. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hu: 'Magyar',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ro: 'Română',
  ru: 'Русский',
  fi: 'Suomi',
  tr: 'Türkçe',
  bg: 'Български',
  pt: 'Português',
  sv: 'Svenska',
};

/** Turns 'en_EN', 'de-DE', 'FR' into a supported locale, or undefined when it is not one. */
export function normalizeLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const code = value.trim().slice(0, 2).toLowerCase();
  return (SUPPORTED_LOCALES as readonly string[]).includes(code) ? (code as Locale) : undefined;
}
