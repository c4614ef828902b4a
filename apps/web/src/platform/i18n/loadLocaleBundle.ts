import { DEFAULT_LOCALE, type Locale } from '@cmp/contracts/locales';

export type LocaleBundle = Record<string, unknown>;

interface LanguageModule {
  areaBundles: Record<string, LocaleBundle>;
  auditActions: LocaleBundle;
}

// spec §9 "Other languages load on demand": each language is one chunk (bundles/<lang>.ts), fetched
// in one request only when chosen. Its texts are `locales/<lang>.json` plus `locales/<area>/<lang>.json`
// of each area (STYLE.md: "one bundle per language, or per domain and language"), so features add
// texts without touching one another's files; the names of audit actions are shared with the server
// (its Excel export writes them): one copy, in the contracts, read here as the `audit_actions` area.
const languageModules = import.meta.glob<LanguageModule>('./bundles/*.ts');

// Bundles asked for at start-up, before i18next (which loads beside them) asks; each is handed over once.
const startedBundles = new Map<string, Promise<LocaleBundle>>();

/**
 * Starts loading now what i18next will ask for when it starts in `locale`: that bundle and the
 * fallback language's (spec §9: en). The next loadLocaleBundle of each takes the running request.
 */
export function startLoadingLocaleBundles(locale: Locale): void {
  for (const language of new Set([locale, DEFAULT_LOCALE])) {
    const bundle = readLocaleBundle(language);
    // Whoever takes it over sees a failure; until then it must not count as unhandled.
    bundle.catch(() => undefined);
    startedBundles.set(language, bundle);
  }
}

export function loadLocaleBundle(locale: Locale | string): Promise<LocaleBundle> {
  const started = startedBundles.get(locale);
  startedBundles.delete(locale);
  return started ?? readLocaleBundle(locale);
}

async function readLocaleBundle(locale: string): Promise<LocaleBundle> {
  const load = languageModules[`./bundles/${locale}.ts`];
  if (!load) throw new Error(`No language bundle for ${locale}`);
  const { areaBundles, auditActions } = await load();
  return mergeBundles([...Object.values(areaBundles), { audit_actions: auditActions }]);
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
