import { and, eq, inArray } from 'drizzle-orm';
import { isAllowed } from '@cmp/contracts/capabilities';
import { exportServicesRequestSchema, importServicesRequestSchema, importServicesResponseSchema, type ImportRowError } from '@cmp/contracts/catalog';
import { SUPPORTED_LOCALES, type Locale } from '@cmp/contracts/locales';
import { fileDownloadSchema } from '@cmp/contracts/users';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { ownerServiceSettings, products } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { catalogueText, workbookDownload, type CellValue, type ExcelColumn } from '../platform/excel';
import { defineOperation } from '../platform/operations';
import type { AccountRow } from '../platform/session';
import { listMyServices } from './myServices';
import { MY_SERVICES_READ, PROFILE_CHANGE, SERVICE_TOOL_EDIT, SERVICE_TOOL_EXPORT, requireServiceOwner } from './serviceAccess';
import type { MyService } from '@cmp/contracts/catalog';

// Excel export and import of My services (issue 13, spec §7 serviceName, revisionId). The export is
// the list as My services shows it; the import reads the same columns back, checks every row — a row
// made from an older revision of the service than the current one is refused — and writes nothing
// unless every row is right, answering a row-level report (row number, column, message).

interface ExportRow extends MyService {
  locale: Locale;
  sku: string | null;
  productNumber: string | null;
}

type Column = ExcelColumn<ExportRow> & { key: string };

const yesNo = (locale: Locale, value: boolean) => catalogueText(locale, value ? 'export_yes' : 'export_no');

const COMMON_START: Column[] = [{ key: 'ServiceName', titleKey: 'catalog_col_service_name', width: 24, value: (row) => row.ServiceName }];
const RESELLER_COLUMNS: Column[] = [
  ...COMMON_START,
  { key: 'DisplayName', titleKey: 'catalog_col_service', width: 32, value: (row) => row.DisplayName },
  { key: 'VendorName', titleKey: 'catalog_col_vendor', width: 22, value: (row) => row.VendorName },
  { key: 'Category', titleKey: 'catalog_col_category', width: 20, value: (row) => row.Category },
  { key: 'IsEnabled', titleKey: 'catalog_col_enabled', width: 14, value: (row) => yesNo(row.locale, row.IsEnabled) },
  { key: 'Language', titleKey: 'catalog_col_language', width: 10, value: (row) => row.locale },
  { key: 'NameOverride', titleKey: 'catalog_col_name_override', width: 32, value: (row) => row.DisplayNames[row.locale] ?? '' },
  { key: 'DescriptionOverride', titleKey: 'catalog_col_description_override', width: 48, value: (row) => row.Descriptions[row.locale] ?? '' },
  { key: 'Revision', titleKey: 'catalog_col_revision', width: 10, value: (row) => row.Revision },
];
const VENDOR_COLUMNS: Column[] = [
  ...COMMON_START,
  { key: 'DisplayName', titleKey: 'catalog_col_service', width: 32, value: (row) => row.DisplayName },
  { key: 'Category', titleKey: 'catalog_col_category', width: 20, value: (row) => row.Category },
  { key: 'VendorSku', titleKey: 'catalog_col_sku', width: 20, value: (row) => row.sku },
  { key: 'ProductNumber', titleKey: 'catalog_col_product_number', width: 18, value: (row) => row.productNumber },
  { key: 'IsEnabled', titleKey: 'catalog_col_sold', width: 12, value: (row) => yesNo(row.locale, row.IsEnabled) },
  { key: 'Revision', titleKey: 'catalog_col_revision', width: 10, value: (row) => row.Revision },
];
/** The columns an import reads (the others are there to be read by people). */
const EDITABLE: Record<'Reseller' | 'Vendor', string[]> = {
  Reseller: ['ServiceName', 'IsEnabled', 'Language', 'NameOverride', 'DescriptionOverride', 'Revision'],
  Vendor: ['ServiceName', 'DisplayName', 'Category', 'VendorSku', 'ProductNumber', 'IsEnabled', 'Revision'],
};
const columnsOf = (owner: AccountRow) => (owner.type === 'Vendor' ? VENDOR_COLUMNS : RESELLER_COLUMNS);

async function exportRows(db: Queryable, owner: AccountRow, locale: Locale): Promise<ExportRow[]> {
  const { services } = await listMyServices(db, owner, locale, {});
  const extra = owner.type === 'Vendor' && services.length ? await db.select({ name: products.name, sku: products.vendorSku, productNumber: products.productNumber }).from(products).where(eq(products.vendorAccountId, owner.id)) : [];
  const byName = new Map(extra.map((row) => [row.name, row]));
  return services.map((service) => ({ ...service, locale, sku: byName.get(service.ServiceName)?.sku ?? null, productNumber: byName.get(service.ServiceName)?.productNumber ?? null }));
}

const exportServices = defineOperation({
  service: 'IServiceManagementService',
  operation: 'ExportServices',
  summary:
    "My services as an Excel workbook ({FileName, ContentType, ContentBase64}, the spec §5 file name): for a reseller (ownerAccountId, by default the caller's organisation) service name, service, vendor, category, enabled for customers, language, name and description overrides in the caller's language, revision; for a vendor its services. Audited as ServicesExported.",
  request: exportServicesRequestSchema,
  response: fileDownloadSchema,
  rule: { all: [MY_SERVICES_READ, SERVICE_TOOL_EXPORT] },
  async handler(input, ctx) {
    const { db, caller, locale } = ctx;
    const owner = await requireServiceOwner(db, caller, input.ownerAccountId, MY_SERVICES_READ, ['Reseller', 'Vendor']);
    const rows = await exportRows(db, owner, locale);
    const file = await workbookDownload(locale, {
      baseName: `${catalogueText(locale, 'catalog_export_file')}-${owner.displayName}`,
      sheetTitleKey: 'catalog_export_sheet',
      columns: columnsOf(owner),
      rows,
    });
    await db.transaction(async (tx) => auditAccountChange(tx, ctx, 'ServicesExported', owner, { Count: rows.length }));
    return file;
  },
});

// ── Import ──

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Every language's title of a column, so a file exported in one language imports in another. */
const titlesOf = (titleKey: string) => new Set(SUPPORTED_LOCALES.map((locale) => catalogueText(locale, titleKey).trim().toLowerCase()));

function cellText(value: CellValue | { text?: string; richText?: { text: string }[]; result?: unknown } | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !(value instanceof Date)) {
    if ('richText' in value && value.richText) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return String(value.result ?? '').trim();
  }
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/** Yes/no in any language the portal speaks, or true/false, 1/0. */
function parseYesNo(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  if (['true', '1', ...SUPPORTED_LOCALES.map((l) => catalogueText(l, 'export_yes').toLowerCase())].includes(lower)) return true;
  if (['false', '0', ...SUPPORTED_LOCALES.map((l) => catalogueText(l, 'export_no').toLowerCase())].includes(lower)) return false;
  return undefined;
}

interface ParsedRow {
  row: number;
  cells: Record<string, string>;
}

async function readWorkbook(base64: string, fileName: string, locale: Locale, owner: AccountRow): Promise<{ rows: ParsedRow[]; errors: ImportRowError[] }> {
  const bytes = Buffer.from(base64, 'base64');
  const isZip = ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
  if (!isZip || !/\.xlsx$/i.test(fileName)) throw new ApiError(400, 'file_format_not_supported');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(400, 'upload_failed');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ApiError(400, 'upload_failed');
  const columns = columnsOf(owner);
  const header = sheet.getRow(1);
  const positions = new Map<string, number>();
  header.eachCell((cell, columnNumber) => {
    const title = cellText(cell.value as CellValue).toLowerCase();
    const column = columns.find((candidate) => titlesOf(candidate.titleKey).has(title));
    if (column && !positions.has(column.key)) positions.set(column.key, columnNumber);
  });
  const errors: ImportRowError[] = [];
  for (const key of EDITABLE[owner.type as 'Reseller' | 'Vendor']) {
    if (!positions.has(key)) {
      const title = catalogueText(locale, columns.find((column) => column.key === key)!.titleKey);
      errors.push({ Row: 1, Column: title, Message: catalogueText(locale, 'catalog_import_column_missing').replace('{{column}}', title) });
    }
  }
  const rows: ParsedRow[] = [];
  if (errors.length) return { rows, errors };
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    for (const [key, position] of positions) cells[key] = cellText(row.getCell(position).value as CellValue);
    if (Object.values(cells).some((text) => text !== '')) rows.push({ row: rowNumber, cells });
  });
  return { rows, errors };
}

type Change =
  | { kind: 'settings'; productName: string; isEnabled: boolean; language: string; name: string; description: string }
  | { kind: 'product'; productName: string; displayName: string; category: string; vendorSku: string | null; productNumber: string | null; isActive: boolean };

async function validateRows(db: Queryable, owner: AccountRow, locale: Locale, rows: ParsedRow[]): Promise<{ changes: Change[]; errors: ImportRowError[] }> {
  const columns = columnsOf(owner);
  const title = (key: string) => catalogueText(locale, columns.find((column) => column.key === key)!.titleKey);
  const message = (key: string, params: Record<string, string> = {}) => catalogueText(locale, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
  const names = [...new Set(rows.map((row) => row.cells.ServiceName).filter((name): name is string => Boolean(name)))];
  const known = names.length
    ? await db
        .select()
        .from(products)
        .where(owner.type === 'Vendor' ? and(inArray(products.name, names), eq(products.vendorAccountId, owner.id)) : and(inArray(products.name, names), eq(products.isActive, true)))
    : [];
  const byName = new Map(known.map((product) => [product.name, product]));
  const errors: ImportRowError[] = [];
  const changes: Change[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of rows) {
    const before = errors.length;
    const fail = (key: string, messageKey: string, params: Record<string, string> = {}) => errors.push({ Row: row, Column: title(key), Message: message(messageKey, { column: title(key), ...params }) });
    const name = cells.ServiceName ?? '';
    const product = byName.get(name);
    if (!name) fail('ServiceName', 'catalog_import_required');
    else if (!product) fail('ServiceName', 'catalog_import_service_unknown', { value: name });
    else if (seen.has(name)) fail('ServiceName', 'catalog_import_service_duplicate', { value: name });
    if (name) seen.add(name);
    const revisionText = cells.Revision ?? '';
    const revision = /^\d{1,9}$/.test(revisionText) ? Number(revisionText) : undefined;
    if (revision === undefined) fail('Revision', revisionText ? 'catalog_import_revision_invalid' : 'catalog_import_required', { value: revisionText });
    else if (product && revision < product.revision) fail('Revision', 'catalog_import_revision_stale', { value: revisionText, current: String(product.revision) });
    else if (product && revision > product.revision) fail('Revision', 'catalog_import_revision_invalid', { value: revisionText });
    const enabled = parseYesNo(cells.IsEnabled ?? '');
    if (enabled === undefined) fail('IsEnabled', 'catalog_import_yes_no', { value: cells.IsEnabled ?? '' });
    const tooLong = (key: string, max: number) => {
      if ((cells[key] ?? '').length > max) fail(key, 'catalog_import_too_long', { max: String(max) });
    };
    if (owner.type === 'Vendor') {
      if (!cells.DisplayName) fail('DisplayName', 'catalog_import_required');
      if (!cells.Category) fail('Category', 'catalog_import_required');
      tooLong('DisplayName', 200);
      tooLong('Category', 100);
      tooLong('VendorSku', 100);
      tooLong('ProductNumber', 100);
      if (errors.length === before && product) {
        changes.push({ kind: 'product', productName: name, displayName: cells.DisplayName!, category: cells.Category!, vendorSku: cells.VendorSku || null, productNumber: cells.ProductNumber || null, isActive: enabled! });
      }
    } else {
      const language = (cells.Language ?? '').toLowerCase();
      if (!(SUPPORTED_LOCALES as readonly string[]).includes(language)) fail('Language', 'catalog_import_language', { value: cells.Language ?? '' });
      tooLong('NameOverride', 200);
      tooLong('DescriptionOverride', 4000);
      if (errors.length === before && product) {
        changes.push({ kind: 'settings', productName: name, isEnabled: enabled!, language, name: cells.NameOverride ?? '', description: cells.DescriptionOverride ?? '' });
      }
    }
  }
  return { changes, errors };
}

const withText = (texts: Record<string, string>, language: string, text: string) => {
  const next = { ...texts };
  if (text) next[language] = text;
  else delete next[language];
  return next;
};
const sameTexts = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Writes the validated changes; answers how many services changed. */
async function applyChanges(tx: Queryable, owner: AccountRow, changes: Change[]): Promise<number> {
  let changed = 0;
  for (const change of changes) {
    if (change.kind === 'product') {
      const [product] = await tx.select().from(products).where(eq(products.name, change.productName)).for('update');
      const displayNames = { ...product!.displayNames, en: change.displayName };
      const same =
        product!.displayName === change.displayName && product!.category === change.category && product!.vendorSku === change.vendorSku && product!.productNumber === change.productNumber && product!.isActive === change.isActive;
      if (same) continue;
      await tx
        .update(products)
        .set({ displayName: change.displayName, displayNames, category: change.category, vendorSku: change.vendorSku, productNumber: change.productNumber, isActive: change.isActive, revision: product!.revision + 1 })
        .where(eq(products.name, change.productName));
      changed += 1;
      continue;
    }
    const [current] = await tx
      .select()
      .from(ownerServiceSettings)
      .where(and(eq(ownerServiceSettings.ownerAccountId, owner.id), eq(ownerServiceSettings.productName, change.productName)))
      .for('update');
    const displayNames = withText(current?.displayNames ?? {}, change.language, change.name);
    const descriptions = withText(current?.descriptions ?? {}, change.language, change.description);
    const isSame = (current?.isEnabled ?? true) === change.isEnabled && sameTexts(displayNames, current?.displayNames ?? {}) && sameTexts(descriptions, current?.descriptions ?? {});
    if (isSame) continue;
    const values = { isEnabled: change.isEnabled, displayNames, descriptions, updatedAt: new Date() };
    await tx
      .insert(ownerServiceSettings)
      .values({ ownerAccountId: owner.id, productName: change.productName, ...values })
      .onConflictDoUpdate({ target: [ownerServiceSettings.ownerAccountId, ownerServiceSettings.productName], set: values });
    changed += 1;
  }
  return changed;
}

/** At most this many row errors are answered (the first ones, by row). */
const MAX_REPORTED_ERRORS = 500;

const importServices = defineOperation({
  service: 'IServiceManagementService',
  operation: 'ImportServices',
  summary:
    "Reads back a workbook ExportServices made (fileName, fileBase64 of an .xlsx): every row is checked — the service (serviceName) exists, its revision (revisionId) is the service's current one, yes/no, language, lengths — and only when every row is right are the changes written, in one transaction. Answers {Imported, RowsRead, RowsChanged, Errors: [{Row, Column, Message}]}. Anything but an .xlsx answers 400 \"File format not supported\", an unreadable workbook \"Upload failed\". Audited as ServicesImported.",
  request: importServicesRequestSchema,
  response: importServicesResponseSchema,
  rule: { all: [MY_SERVICES_READ, SERVICE_TOOL_EDIT] },
  async handler(input, ctx) {
    const { db, caller, locale } = ctx;
    const owner = await requireServiceOwner(db, caller, input.ownerAccountId, MY_SERVICES_READ, ['Reseller', 'Vendor']);
    // A vendor's import changes its services: the right to change them (My vendor profile) too.
    if (owner.type === 'Vendor' && !isAllowed(caller.capabilities, PROFILE_CHANGE)) throw accessDenied();
    const read = await readWorkbook(input.fileBase64, input.fileName, locale, owner);
    const validated = read.errors.length ? { changes: [], errors: read.errors } : await validateRows(db, owner, locale, read.rows);
    if (validated.errors.length) {
      return { Imported: false, RowsRead: read.rows.length, RowsChanged: 0, Errors: validated.errors.slice(0, MAX_REPORTED_ERRORS) };
    }
    return db.transaction(async (tx) => {
      // Checked again inside the transaction: a service changed since the check refuses the whole file.
      const again = await validateRows(tx, owner, locale, read.rows);
      if (again.errors.length) return { Imported: false, RowsRead: read.rows.length, RowsChanged: 0, Errors: again.errors.slice(0, MAX_REPORTED_ERRORS) };
      const changed = await applyChanges(tx, owner, again.changes);
      await auditAccountChange(tx, ctx, 'ServicesImported', owner, { FileName: input.fileName, RowsRead: read.rows.length, RowsChanged: changed });
      return { Imported: true, RowsRead: read.rows.length, RowsChanged: changed, Errors: [] };
    });
  },
});

export const serviceExcelOperations = [exportServices, importServices];
