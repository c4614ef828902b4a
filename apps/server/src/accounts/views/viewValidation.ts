import { sql } from 'drizzle-orm';
import type { FieldDefinition, FieldType } from '@cmp/contracts/accountViews';
import type { Views } from '@cmp/contracts/accounts';
import type { Queryable } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { CallerSession } from '../../platform/session';
import { enabledMethods, listMfaMethods } from '../../auth/mfa';
import { isValidVatNumber } from './vatNumbers';
import { loadEnumMembers, loadViewDefinitions } from './viewMetadata';
import { viewFieldExpression, type ViewValidationCache } from './viewValidationCache';

/** The views an account of the type holds (a Product account also its product's own view). */
export function viewsOfAccountType(type: string, productName: string | null | undefined): string[] {
  if (type === 'Product') return productName ? ['Product', `Product_${productName}`] : ['Product'];
  return [type];
}

/** One changed value, as AccountUpdated records it (preamble "Conventions": MFA-protected values masked). */
export interface FieldChange {
  View: string;
  Field: string;
  Before: unknown;
  After: unknown;
}

export interface ViewValidation {
  db: Queryable;
  caller: CallerSession;
  accountType: string;
  productName: string | null;
  mode: 'update' | 'create';
  /** The account being changed (its id is left out of unique checks, its views are the "before"). */
  accountId?: number;
  existingViews?: Views;
  /** create: values the server sets itself (Product.ProductName); a read-only field may repeat them. */
  presets?: Views;
  /** Many validations in a row (an import): definitions, enums and prefetched unique values read once. */
  cache?: ViewValidationCache;
  /**
   * create: required fields may be left empty — a quote's order fields, which the customer
   * completes when accepting (issue 30); every other rule still applies to what is sent.
   */
  allowMissingRequired?: boolean;
}

const INT32 = 2 ** 31;
const MASK = '•••';
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Turns a sent value into its stored form, or undefined when it is not of the type. int32 also from a numeric string. */
export function coerceValue(type: FieldType, value: unknown): unknown {
  if (value === null) return null;
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value.trim() : undefined;
    case 'int32': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
      return Number.isInteger(n) && n >= -INT32 && n < INT32 ? n : undefined;
    }
    case 'bool':
      return typeof value === 'boolean' ? value : undefined;
    case 'decimal':
      // Kept as text: money and measures never pass through floating point (DESIGN.md).
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? value.trim() : undefined;
    case 'datetime': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
    }
  }
}

/** Whether another account already holds the value of a unique field (usernames also in users). */
export async function isValueTaken(db: Queryable, view: string, field: string, value: string, exceptAccountId?: number): Promise<boolean> {
  const except = exceptAccountId ?? 0;
  const inViews = await db.execute(sql`select 1 from accounts where id <> ${except} and ${viewFieldExpression(view, field)} = lower(${value}) limit 1`);
  if ((inViews as unknown as { rows: unknown[] }).rows.length) return true;
  if (view !== 'User' || field !== 'Username') return false;
  const inUsers = await db.execute(sql`select 1 from users where account_id <> ${except} and lower(username) = lower(${value}) limit 1`);
  return (inUsers as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function callerHasMfa(db: Queryable, caller: CallerSession): Promise<boolean> {
  return enabledMethods(await listMfaMethods(db, caller.user.accountId)).length > 0;
}

/**
 * Checks sent view values against their definitions (type, required, max length, pattern, enum,
 * read-only, MFA protection, uniqueness, VAT number) and answers them in stored form with the
 * changes. The first problem throws a 400 naming "<View>.<Field>", before anything is written.
 */
export async function validateViewValues(input: ViewValidation, viewValues: Views): Promise<{ values: Views; changes: FieldChange[] }> {
  const { db, mode } = input;
  const allowed = viewsOfAccountType(input.accountType, input.productName);
  for (const view of Object.keys(viewValues)) if (!allowed.includes(view)) throw new ApiError(400, 'field_unknown', { field: view });
  const { cache } = input;
  const definitions = await (cache ? cache.definitions(db, allowed) : loadViewDefinitions(db, allowed));
  const values: Views = {};
  const changes: FieldChange[] = [];
  let hasMfa: boolean | undefined;

  for (const [view, { Values }] of Object.entries(viewValues)) {
    const fields = definitions.get(view) ?? [];
    const before = input.existingViews?.[view]?.Values ?? {};
    const after: Record<string, unknown> = {};
    for (const [name, sent] of Object.entries(Values)) {
      const field = `${view}.${name}`;
      const definition = fields.find((f) => f.Name === name);
      if (!definition) throw new ApiError(400, 'field_unknown', { field });
      const value = coerceValue(definition.Type, sent);
      if (value === undefined) throw new ApiError(400, 'field_invalid_type', { field, type: definition.Type });
      const preset = input.presets?.[view]?.Values[name];
      const isChange = mode === 'create' ? !isEmpty(value) : !sameValue(before[name], value);
      if (definition.ReadOnly || (mode === 'update' && definition.CreateOnly)) {
        if (isChange && !(mode === 'create' && sameValue(preset, value))) throw new ApiError(400, 'field_read_only', { field });
        continue;
      }
      await checkRules(definition, field, value);
      if (isChange && definition.MfaProtected) {
        hasMfa ??= await callerHasMfa(db, input.caller);
        if (!hasMfa) throw new ApiError(403, 'field_mfa_protected', { field });
      }
      if (isChange && definition.Unique && typeof value === 'string' && value && (cache?.knownTaken(view, name, value) ?? (await isValueTaken(db, view, name, value, input.accountId)))) {
        throw new ApiError(400, 'field_not_unique', { field, value });
      }
      after[name] = value;
    }
    await checkVatNumbers(fields, before, after, Values);
    if (mode === 'create' && !input.allowMissingRequired) for (const f of fields) if (f.Required && isEmpty(after[f.Name]) && isEmpty(input.presets?.[view]?.Values[f.Name])) throw new ApiError(400, 'field_required', { field: `${view}.${f.Name}` });
    values[view] = { Values: after };
    for (const [name, value] of Object.entries(after)) {
      if (sameValue(before[name], value)) continue;
      const isMasked = fields.find((f) => f.Name === name)?.MfaProtected;
      changes.push({ View: view, Field: name, Before: isMasked ? MASK : (before[name] ?? null), After: isMasked ? MASK : value });
    }
  }
  return { values, changes };

  async function checkRules(definition: FieldDefinition, field: string, value: unknown) {
    if (isEmpty(value)) {
      if (definition.Required && !input.allowMissingRequired) throw new ApiError(400, 'field_required', { field });
      return;
    }
    if (typeof value !== 'string') return;
    if (definition.MaxLength !== null && [...value].length > definition.MaxLength) throw new ApiError(400, 'field_too_long', { field, max: String(definition.MaxLength) });
    if (definition.Pattern && !new RegExp(definition.Pattern).test(value)) throw new ApiError(400, 'field_invalid_format', { field });
    if (definition.EnumName) {
      const members = (await (cache ? cache.enumMembers(db, definition.EnumName) : loadEnumMembers(db, definition.EnumName))) ?? [];
      if (!members.some((m) => m.Value === value)) throw new ApiError(400, 'field_invalid_value', { field, value });
    }
  }
}

/** A VAT number must fit its country: the one sent with it, else the one stored. */
async function checkVatNumbers(fields: FieldDefinition[], before: Record<string, unknown>, after: Record<string, unknown>, sent: Record<string, unknown>) {
  for (const definition of fields.filter((f) => f.RemoteCheck === 'VatNumber')) {
    const value = after[definition.Name] ?? ('Country' in sent ? before[definition.Name] : undefined);
    if (typeof value !== 'string' || !value) continue;
    const country = String(after.Country ?? before.Country ?? '');
    if (!isValidVatNumber(value, country)) throw new ApiError(400, 'vat_number_invalid', { value, country });
  }
}

const sameValue = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || a === b;
