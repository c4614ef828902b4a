import type { Locale } from '@cmp/contracts/locales';

export type LocaleBundle = Record<string, unknown>;

// spec §9 "Other languages load on demand": each bundle is its own chunk, fetched only when chosen.
const bundleLoaders = import.meta.glob<LocaleBundle>('../../locales/*.json', { import: 'default' });

export function loadLocaleBundle(locale: Locale | string): Promise<LocaleBundle> {
  const load = bundleLoaders[`../../locales/${locale}.json`];
  return load ? load() : Promise.reject(new Error(`No language bundle for ${locale}`));
}
