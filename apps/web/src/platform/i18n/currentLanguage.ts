import { getI18n } from 'react-i18next';
import { DEFAULT_LOCALE } from '@cmp/contracts/locales';

// Read through react-i18next's handle on the started instance, so that the API client and the
// entry chunk need no i18next of their own: it loads beside the language bundle (issue 12).

export function currentLanguage(): string {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  return i18n?.resolvedLanguage ?? i18n?.language ?? DEFAULT_LOCALE;
}

/** A text in the interface language; before i18next has started (the first user request), the key itself. */
export function translate(key: string, values?: Record<string, string>): string {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  return i18n ? i18n.t(key, values) : key;
}
