import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@cmp/contracts/locales';
import { loadLocaleBundle, type LocaleBundle } from './loadLocaleBundle';

const lazyBundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadLocaleBundle(language).then(
      (bundle) => callback(null, bundle),
      (error: Error) => callback(error, false),
    );
  },
};

const baseOptions = {
  supportedLngs: [...SUPPORTED_LOCALES],
  // spec §9: en is the default and the fallback language.
  fallbackLng: DEFAULT_LOCALE,
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  // React escapes what it renders; escaping here too would show entities to the user.
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/** Starts i18next with the bundle of `locale` fetched lazily; resolves once it is ready to render. */
export async function initI18n(locale: Locale): Promise<void> {
  i18next.on('languageChanged', setDocumentLanguage);
  await i18next.use(lazyBundleBackend).use(initReactI18next).init({ ...baseOptions, lng: locale });
  setDocumentLanguage(i18next.resolvedLanguage ?? locale);
}

/** Starts i18next with a bundle already in hand (component tests, which need no lazy loading). */
export async function initI18nWithBundle(locale: Locale, bundle: LocaleBundle): Promise<void> {
  await i18next.use(initReactI18next).init({ ...baseOptions, lng: locale, resources: { [locale]: { translation: bundle } } });
}

/** WCAG 3.1.1: the page's language follows the interface language. */
function setDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}
