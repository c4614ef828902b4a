// What a buyer must never get from the server (issue 30): the seller's cost, purchase price, margin
// or markup over cost, by whatever name. Used by the tests that walk every answer a buyer can get.

/** A key naming a seller-only figure (MaxDiscountPercent: the largest discount the margin allows, i.e. the margin). A cost centre is an account field. */
export const SELLER_ONLY_KEY = /cost(?!cent)|margin|purchase|maxdiscount/i;
/**
 * Keys that match but name what the buyer itself pays: an online bill's Totals.Purchases is the sum
 * of the caller's own invoices (its purchase price is its seller's sales price, which it may see).
 */
const BUYERS_OWN = new Set(['Totals.Purchases']);
/** A pricing model that is defined over the purchase price: its parameter and the price give the cost away. */
const COST_BASED_MODELS = new Set(['Markup', 'GrossMargin']);
/** A text explaining a price by the purchase price or a markup on it ("Nimbus partners (Markup 15)"). */
const COST_BASED_TEXT = /purchase price|\b(markup|grossmargin|gross margin)\b/i;

/** Where `value` holds a seller-only key, a cost-based pricing rule or an explanation by the purchase price: `path: why`. */
export function sellerOnlyFindings(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => sellerOnlyFindings(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const findings: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    const parentKey = /\.(\w+)(\[\d+\])?$/.exec(path)?.[1];
    if (SELLER_ONLY_KEY.test(key) && !BUYERS_OWN.has(`${parentKey}.${key}`)) findings.push(`${at}: seller-only key (${JSON.stringify(item)?.slice(0, 40)})`);
    if (key === 'Model' && typeof item === 'string' && COST_BASED_MODELS.has(item)) findings.push(`${at}: rule over the purchase price (${item})`);
    if (/rule|reason|explanation/i.test(key) && typeof item === 'string' && COST_BASED_TEXT.test(item)) findings.push(`${at}: explained by the purchase price (${item})`);
    findings.push(...sellerOnlyFindings(item, at));
  }
  return findings;
}

/** The header cells (first row of every sheet) of an Excel workbook that name a seller-only figure. */
export async function sellerOnlyHeaders(xlsxBase64: string, headerWords = /cost(?!cent)|margin|purchase/i): Promise<string[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(xlsxBase64, 'base64') as unknown as ArrayBuffer);
  const found: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.getRow(1).eachCell((cell) => {
      const text = String(cell.text ?? '');
      if (headerWords.test(text)) found.push(`${sheet.name}!${cell.address}: ${text}`);
    });
  });
  return found;
}

/** Every Excel file in an answer (`{ContentType, ContentBase64}` anywhere in it). */
export function workbooksIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(workbooksIn);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.ContentBase64 === 'string' && /spreadsheetml/.test(String(record.ContentType)) ? [record.ContentBase64] : [];
  return [...own, ...Object.values(record).flatMap(workbooksIn)];
}
