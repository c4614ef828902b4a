import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { fieldKey, type FormValues } from '../../platform/forms/fieldRules';

// A quote line's order fields (issue 30) travel by field name (the order's viewValues); the account
// forms' editors hold them by "<View>.<Field>". These convert between the two.

/** The pages keeping only the fields `keep` takes (and the containers and pages left with any). */
export function keepFields(pages: LayoutPage[], keep: (field: LayoutField) => boolean): LayoutPage[] {
  return pages
    .map((page) => ({ ...page, Containers: page.Containers.map((container) => ({ ...container, Fields: container.Fields.filter(keep) })).filter((container) => container.Fields.length > 0) }))
    .filter((page) => page.Containers.length > 0);
}

/** A line's values (by field name) as the editors hold them (by "<View>.<Field>"). */
export function formValuesOf(productName: string, viewValues: Record<string, unknown>): FormValues {
  return Object.fromEntries(Object.entries(viewValues).map(([name, value]) => [`Product_${productName}.${name}`, value]));
}

/** The editors' values of a line's product as the quote takes them: by field name, text trimmed, empty ones left out (the server makes whole numbers of numeric text). */
export function viewValuesOf(productName: string, values: FormValues): Record<string, string | number | boolean> {
  const prefix = `Product_${productName}.`;
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!key.startsWith(prefix) || value === null || value === undefined) continue;
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept !== '' && (typeof kept === 'string' || typeof kept === 'number' || typeof kept === 'boolean')) result[key.slice(prefix.length)] = kept;
  }
  return result;
}

/** The key a server's field error names (Product_<name>.<Field>) when it is one of these fields. */
export const isFieldOf = (fields: LayoutField[], key: string | undefined) => key !== undefined && fields.some((field) => fieldKey(field) === key);
