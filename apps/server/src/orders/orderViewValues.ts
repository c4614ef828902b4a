import type { LayoutField } from '@cmp/contracts/accountViews';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import { memoized, type CallerSession } from '../platform/session';
import { findViewLayout } from '../accounts/views/viewMetadata';
import { validateViewValues } from '../accounts/views/viewValidation';

// The product's view fields of an order (issue 14 "Ordering": "the product's view fields
// (metadata-driven, as account views)"). An order's viewValues are flat: field name → value, the
// fields of the product's own view (`Product_<productName>`) that its Product layout (GetViewLayout
// type 'Product', view 'Product', productName) shows. They are checked as a new Product account's
// values are (viewValidation.ts, mode 'create': type, required, max length, pattern, enum, unique),
// with the same 400 error keys naming "<View>.<Field>".

/** The view holding a product's own fields. */
export const productViewOf = (productName: string) => `Product_${productName}`;

/** The fields an order asks for: the product layout's fields of the product's own view that are not read-only. */
export async function loadOrderViewFields(db: Queryable, productName: string, locale: Locale): Promise<LayoutField[]> {
  // A product without a layout of its own has no fields to ask for.
  const pages = (await findViewLayout(db, 'Product', 'Product', productName, locale)) ?? [];
  const view = productViewOf(productName);
  return pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).filter((field) => field.View === view && !field.ReadOnly);
}

/**
 * loadOrderViewFields, kept with the caller's session: layouts change only when the server seeds
 * them, and a session keeps what it read for its cache life (sessionCache.ts).
 */
export async function orderViewFieldsOf(db: Queryable, productName: string, locale: Locale, caller?: CallerSession): Promise<LayoutField[]> {
  const load = () => loadOrderViewFields(db, productName, locale);
  return caller ? memoized(caller, `orderViewFields:${productName}:${locale}`, load) : load();
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Cleaned values, by field name: text (decimals and dates as text too), whole numbers, booleans — what OrderRequest.viewValues holds. */
export type OrderViewValues = Record<string, string | number | boolean>;

/**
 * Checks an order's viewValues against the product's layout and answers them cleaned (stored form:
 * trimmed text, int32 as numbers, decimals as text, dates as ISO; empty values left out). Unknown
 * fields, a missing required field, a wrong type or format answer a 400 ApiError naming
 * "Product_<productName>.<Field>" — the keys account views use (field_unknown, field_required,
 * field_invalid_type, field_too_long, field_invalid_format, field_invalid_value, field_not_unique).
 * The caller is needed only for MFA-protected fields (none are seeded for products): without one,
 * such a field is refused.
 */
export async function checkOrderViewValues(
  db: Queryable,
  productName: string,
  viewValues: Record<string, unknown> | undefined,
  locale: Locale,
  caller?: CallerSession,
  /** 'partial': required fields may be missing (a quote's values, completed when it is accepted; issue 30). */
  completeness: 'complete' | 'partial' = 'complete',
): Promise<OrderViewValues> {
  const view = productViewOf(productName);
  const sent = viewValues ?? {};
  const fields = await orderViewFieldsOf(db, productName, locale, caller);
  for (const name of Object.keys(sent)) {
    if (!fields.some((field) => field.Name === name)) throw new ApiError(400, 'field_unknown', { field: `${view}.${name}` });
  }
  if (!fields.length) return {};
  for (const field of fields) {
    if (field.MfaProtected && !caller && !isEmpty(sent[field.Name])) throw new ApiError(403, 'field_mfa_protected', { field: `${view}.${field.Name}` });
  }
  const { values } = await validateViewValues(
    // Without a caller no MFA-protected value gets this far (above), so the caller is never asked for.
    { db, caller: caller as CallerSession, accountType: 'Product', productName, mode: 'create', allowMissingRequired: completeness === 'partial' },
    { [view]: { Values: sent } },
  );
  const cleaned: OrderViewValues = {};
  // coerceValue answers only these types for a value it accepts.
  for (const [name, value] of Object.entries(values[view]?.Values ?? {})) if (!isEmpty(value)) cleaned[name] = value as string | number | boolean;
  return cleaned;
}

/** The names of the required fields among `fields` that `values` leaves empty: what a quote's customer still has to fill. */
export function missingOrderViewFields(fields: LayoutField[], values: Record<string, unknown>): string[] {
  return fields.filter((field) => field.Required && isEmpty(values[field.Name])).map((field) => field.Name);
}
