import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@cmp/contracts/locales';
import { serverFile } from '../platform/serverFiles';

// The texts of the report definitions (titles, descriptions, parameters, columns, coded cells) in
// the 15 languages: texts/<lang>.json. They live beside the registry so a new report brings its
// texts along; GetReports answers them in the caller's language and the Excel file uses them.

const textsDir = serverFile('src/reporting/texts');
const texts = new Map<Locale, Record<string, string>>(
  SUPPORTED_LOCALES.map((locale) => [locale, JSON.parse(readFileSync(path.join(textsDir, `${locale}.json`), 'utf8')) as Record<string, string>]),
);

export const reportTextsOf = (locale: Locale): Record<string, string> => texts.get(locale) ?? {};

export function reportText(locale: Locale, key: string): string {
  return texts.get(locale)?.[key] ?? texts.get(DEFAULT_LOCALE)?.[key] ?? key;
}

export const titleKey = (report: string) => `report_${report}_title`;
export const descriptionKey = (report: string) => `report_${report}_description`;
export const parameterKey = (parameter: string) => `report_param_${parameter}`;
export const optionKey = (parameter: string, value: string) => `report_option_${parameter}_${value}`;
export const columnKey = (column: string) => `report_column_${column}`;
export const valueKey = (labels: string, code: string) => `report_value_${labels}_${code}`;
