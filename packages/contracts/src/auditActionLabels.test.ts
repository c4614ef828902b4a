import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit';
import { SUPPORTED_LOCALES } from './locales';

const folder = path.join(import.meta.dirname, 'auditActionLabels');
const labelsOf = (locale: string) => JSON.parse(readFileSync(path.join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;

describe('audit action labels (portal and Excel export)', () => {
  it('has one file per supported language and no other', () => {
    expect(readdirSync(folder).map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES)('%s names exactly the audit actions, none left empty or in English where translated', (locale) => {
    const labels = labelsOf(locale);
    expect(Object.keys(labels).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) expect(labels[action]!.trim(), `${locale} ${action}`).not.toBe('');
    if (locale !== 'en') expect(AUDIT_ACTIONS.filter((action) => labels[action] === labelsOf('en')[action]).length, locale).toBeLessThan(AUDIT_ACTIONS.length / 4);
  });
});
