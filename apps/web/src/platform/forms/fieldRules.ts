import type { LayoutField } from '@cmp/contracts/accountViews';

/** A form's values by "<View>.<Field>". */
export type FormValues = Record<string, unknown>;
export const fieldKey = (field: Pick<LayoutField, 'View' | 'Name'>) => `${field.View}.${field.Name}`;

export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The client-side checks of a field's rules (required, type, max length, pattern, enum), the same
 * ones the server makes on save; the unique and remote checks are server calls on blur.
 */
export function checkField(field: LayoutField, value: unknown): FieldProblem | undefined {
  if (isEmpty(value)) return field.Required ? { key: 'account_view.errors.required' } : undefined;
  if (field.Type === 'int32' && !/^\s*-?\d+\s*$/.test(String(value))) return { key: 'account_view.errors.whole_number' };
  if (field.Type === 'decimal' && !/^\s*-?\d+(\.\d+)?\s*$/.test(String(value))) return { key: 'account_view.errors.number' };
  if (typeof value !== 'string') return undefined;
  if (field.MaxLength !== null && [...value.trim()].length > field.MaxLength) return { key: 'account_view.errors.too_long', params: { max: field.MaxLength } };
  if (field.Pattern && !new RegExp(field.Pattern).test(value.trim())) return { key: 'account_view.errors.invalid_format' };
  if (field.EnumName && field.EnumsLoaded && !field.EnumMembers.some((m) => m.Value === value)) return { key: 'account_view.errors.invalid_value' };
  return undefined;
}

/** The value a field shows in the read view: enum members by name, booleans as yes/no keys. */
export function displayText(field: LayoutField, value: unknown, yesNo: (isYes: boolean) => string): string {
  if (isEmpty(value)) return '—';
  if (field.EnumName) return field.EnumMembers.find((m) => m.Value === value)?.DisplayValue ?? String(value);
  if (typeof value === 'boolean') return yesNo(value);
  if (field.Type === 'datetime') return String(value).slice(0, 10);
  return String(value);
}

/** The values the form sends: changed fields only, grouped by view, empty text as null. */
export function changedViewValues(fields: LayoutField[], values: FormValues, initial: FormValues): Record<string, { Values: Record<string, unknown> }> {
  const result: Record<string, { Values: Record<string, unknown> }> = {};
  for (const field of fields) {
    const key = fieldKey(field);
    const value = values[key];
    if (normalize(value) === normalize(initial[key])) continue;
    (result[field.View] ??= { Values: {} }).Values[field.Name] = isEmpty(value) ? null : typeof value === 'string' ? value.trim() : value;
  }
  return result;
}

const normalize = (value: unknown) => (isEmpty(value) ? '' : typeof value === 'string' ? value.trim() : String(value));
