import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, normalizeLocale, type Locale } from '@cmp/contracts/locales';
import type { ErrorKey } from '@cmp/contracts/errors';
import { serverFile } from '../serverFiles';

// Error bodies are read by people (spec §8: the portal shows the Message text), so the server
// answers them in the caller's language, chosen from Accept-Language. A language is
// `messages/<lang>.json` plus `messages/<area>/<lang>.json` of each area, so features add texts
// without touching one another's files.
const messagesDir = serverFile('src/platform/i18n/messages');
export const messageFolders = ['', ...readdirSync(messagesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)];
const readCatalogue = (folder: string, locale: Locale): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(path.join(messagesDir, folder, `${locale}.json`), 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
};
/** One folder's texts in one language (the completeness test checks every folder on its own). */
export const folderCatalogue = (folder: string, locale: Locale) => readCatalogue(folder, locale);
const catalogues = new Map<Locale, Record<string, string>>(
  SUPPORTED_LOCALES.map((locale) => [locale, Object.assign({}, ...messageFolders.map((folder) => readCatalogue(folder, locale))) as Record<string, string>]),
);

/** Error texts, password rule names and mail templates share one catalogue per language. */
export type MessageKey = ErrorKey | `rule_${string}` | `mail_${string}` | `chat_${string}`;

export function translateMessage(locale: Locale, key: MessageKey, params: Record<string, string> = {}): string {
  const text = catalogues.get(locale)?.[key] ?? catalogues.get(DEFAULT_LOCALE)![key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/** The first supported language of an Accept-Language header, by quality; English otherwise. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = normalizeLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function catalogue(locale: Locale): Record<string, string> {
  return catalogues.get(locale) ?? {};
}

export const catalogueKeys = (locale: Locale) => Object.keys(catalogue(locale));
