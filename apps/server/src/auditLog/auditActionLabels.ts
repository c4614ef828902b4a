import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@cmp/contracts/locales';

// The portal's names of audit actions (one copy, in the contracts), so that an export reads
// "Password changed" where the screen does, not the code "PasswordChanged".
const folder = new URL('./auditActionLabels/', import.meta.resolve('@cmp/contracts/audit'));
const labels = new Map<Locale, Record<string, string>>(
  SUPPORTED_LOCALES.map((locale) => [locale, JSON.parse(readFileSync(fileURLToPath(new URL(`${locale}.json`, folder)), 'utf8')) as Record<string, string>]),
);

/** The name of an audit action in `locale`; the code itself for an action recorded by an older release. */
export function auditActionLabel(locale: Locale, action: string): string {
  return labels.get(locale)?.[action] ?? labels.get(DEFAULT_LOCALE)?.[action] ?? action;
}
