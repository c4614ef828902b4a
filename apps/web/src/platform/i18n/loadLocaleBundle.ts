import type { Locale } from '@cmp/contracts/locales';

export type LocaleBundle = Record<string, unknown>;

// spec §9 "Other languages load on demand": each bundle is its own chunk, fetched only when chosen.
// A language is `locales/<lang>.json` plus `locales/<area>/<lang>.json` of each area (STYLE.md:
// "one bundle per language, or per domain and language"), so features add texts without touching
// one another's files.
const bundleLoaders = import.meta.glob<LocaleBundle>('../../locales/**/*.json', { import: 'default' });
// The names of audit actions are shared with the server (its Excel export writes them): one copy,
// in the contracts, read here as the `audit_actions` area.
const auditActionLoaders = import.meta.glob<LocaleBundle>('../../../../../packages/contracts/src/auditActionLabels/*.json', { import: 'default' });

export async function loadLocaleBundle(locale: Locale | string): Promise<LocaleBundle> {
  const ofLocale = (loaders: Record<string, () => Promise<LocaleBundle>>) => Object.entries(loaders).filter(([path]) => path.endsWith(`/${locale}.json`)).map(([, load]) => load);
  const loaders = ofLocale(bundleLoaders);
  if (loaders.length === 0) throw new Error(`No language bundle for ${locale}`);
  const [auditActions = {}] = await Promise.all(ofLocale(auditActionLoaders).map((load) => load()));
  return mergeBundles([...(await Promise.all(loaders.map((load) => load()))), { audit_actions: auditActions }]);
}

/** Deep-merges bundles; area files add keys under their own top-level names. */
export function mergeBundles(bundles: LocaleBundle[]): LocaleBundle {
  const merged: LocaleBundle = {};
  for (const bundle of bundles) {
    for (const [key, value] of Object.entries(bundle)) {
      const existing = merged[key];
      merged[key] =
        isObject(existing) && isObject(value) ? mergeBundles([existing as LocaleBundle, value as LocaleBundle]) : value;
    }
  }
  return merged;
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
