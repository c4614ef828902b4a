import { IMPORT_COLUMNS, type ImportColumn, type ImportFormat } from '@cmp/contracts/imports';
import type { Locale } from '@cmp/contracts/locales';
import type { FileDownload } from '@cmp/contracts/users';
import { catalogueText, safeFileName, workbookDownload } from '../platform/excel';

// The template to download (issue 17): the columns an import reads, in the file's own words (the
// column names are the same in every language, so a file works whoever uploads it), with examples.

const EXAMPLE_ROWS: Partial<Record<ImportColumn, string>>[] = [
  { Type: 'Company', Company: 'Example Ltd', AccountIdentificator: 'EXAMPLE-1', Country: 'GB', Currency: 'GBP', Email: 'office@example.com' },
  { Type: 'Department', Company: 'Example Ltd', Department: 'Sales', CostCenter: 'S-100' },
  { Type: 'User', Company: 'Example Ltd', Department: 'Sales', Firstname: 'Ada', Lastname: 'Lovelace', Email: 'ada@example.com', Username: 'ada.example', Language: 'en' },
  { Type: 'User', Company: 'Example Ltd', Firstname: 'Alan', Lastname: 'Turing', Email: 'alan@example.com', Username: 'alan.example', Language: 'en' },
];

const csvField = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function importTemplate(locale: Locale, format: ImportFormat): Promise<FileDownload> {
  const baseName = catalogueText(locale, 'import_template_file');
  if (format === 'CSV') {
    const lines = [IMPORT_COLUMNS.join(','), ...EXAMPLE_ROWS.map((row) => IMPORT_COLUMNS.map((column) => csvField(row[column] ?? '')).join(','))];
    return { FileName: safeFileName(baseName, 'csv'), ContentType: 'text/csv; charset=utf-8', ContentBase64: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64') };
  }
  return workbookDownload(locale, {
    baseName,
    sheetTitleKey: 'import_template_sheet',
    columns: IMPORT_COLUMNS.map((column) => ({ titleKey: `import_column_${column}`, width: column === 'Type' ? 12 : 18, value: (row: Partial<Record<ImportColumn, string>>) => row[column] ?? '' })),
    rows: EXAMPLE_ROWS,
  });
}
