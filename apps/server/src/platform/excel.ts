import type { Locale } from '@cmp/contracts/locales';
import { XLSX_CONTENT_TYPE, type FileDownload } from '@cmp/contracts/users';
import { catalogue } from './i18n/messages';

export type CellValue = string | number | boolean | Date | null;

export interface ExcelColumn<Row> {
  /** Catalogue key of the column title (messages/<area>/<lang>.json). */
  titleKey: string;
  width?: number;
  value: (row: Row) => CellValue;
}

/** A text of the server catalogues that is not an error message: column titles, cell words. */
export function catalogueText(locale: Locale, key: string): string {
  return catalogue(locale)[key] ?? catalogue('en')[key] ?? key;
}

/** spec §5: every character other than word characters and hyphens becomes "_", cut to 200; the extension is kept. */
export function safeFileName(baseName: string, extension: string): string {
  return `${baseName.replace(/[^\w-]/g, '_').slice(0, 200)}.${extension}`;
}

/**
 * One worksheet with a bold, frozen title row, answered as DESIGN.md's download shape
 * `{FileName, ContentType, ContentBase64}` (the portal saves it with saveDownload).
 */
export async function workbookDownload<Row>(
  locale: Locale,
  input: { baseName: string; sheetTitleKey: string; columns: ExcelColumn<Row>[]; rows: Row[] },
): Promise<FileDownload> {
  // Loaded on the first export, not at start-up: it alone took a third of a second (issue 12).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(catalogueText(locale, input.sheetTitleKey).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((column, index) => ({ header: catalogueText(locale, column.titleKey), key: `c${index}`, width: column.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of input.rows) sheet.addRow(input.columns.map((column) => column.value(row)));
  sheet.eachRow((row) => row.eachCell((cell) => {
    if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd hh:mm:ss';
  }));
  const buffer = await workbook.xlsx.writeBuffer();
  return { FileName: safeFileName(input.baseName, 'xlsx'), ContentType: XLSX_CONTENT_TYPE, ContentBase64: Buffer.from(buffer).toString('base64') };
}
