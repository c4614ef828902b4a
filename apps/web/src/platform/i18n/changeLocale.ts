import i18next from 'i18next';
import type { Locale } from '@cmp/contracts/locales';
import { callOperation } from '../api/callOperation';
import { storeLocale } from './resolveLocale';

interface ChangeLocaleOptions {
  /** Signed-in users also save the language on the server (spec §2 Language menu, §7 SetLanguage). */
  saveOnServer?: boolean;
}

/**
 * Switches the interface language and keeps the choice in the browser (spec §2, §4 Locale).
 * spec §8: if the bundle fails to load, a signed-in user's choice still goes to the server and the
 * page reloads, so the server-side language applies everywhere.
 */
export async function changeLocale(locale: Locale, { saveOnServer = false }: ChangeLocaleOptions = {}): Promise<void> {
  storeLocale(locale);
  try {
    await i18next.changeLanguage(locale);
  } catch (error) {
    console.warn(`The ${locale} language could not be applied.`, error);
  }
  // i18next reports a failed bundle load by not having the bundle, not by rejecting.
  const bundleLoaded = i18next.hasResourceBundle(locale, 'translation');
  if (!saveOnServer) return;
  await callOperation('IAuthorizationService', 'SetLanguage', { languageCode: locale });
  if (!bundleLoaded) window.location.reload();
}
