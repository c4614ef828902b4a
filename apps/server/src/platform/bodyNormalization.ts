import type { z } from 'zod';
import { ApiError } from './errors';

// Before an operation's schema validates a body, one walk of the schema alongside the body brings
// it into the form the schema and the database expect, for every operation at once:
// - DESIGN.md "The API": a JSON null in an optional field means the same as leaving the field out
//   (the original service is a WCF endpoint; its clients send `"mfaToken": null` on a first
//   sign-in). A null goes away where the schema may leave the field out (optional or with a
//   default) but does not itself accept null. Fields the schema does not know stay, so strict
//   schemas still refuse them; a field that accepts null keeps it, with the meaning it has there.
// - An integer field holds what the database's `integer` columns hold (every id, page and count of
//   the API is one), so an id like 2^40 answers 400 naming the field instead of failing in SQL.

export const INTEGER_RANGE = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** The parts of zod's internal definition this walk reads (zod 4 `_zod.def`). */
interface Definition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  format?: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;
const mayBeLeftOut = (schema: z.ZodType) => (schema as unknown as { _zod: { optin?: string } })._zod.optin !== undefined;
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isIntegerSchema = (def: Definition) => def.format?.includes('int') || def.checks?.some((c) => c._zod.def.check === 'number_format' && c._zod.def.format?.includes('int'));

/** The body with nulls of optional fields removed, at any depth; throws 400 for an integer out of range. */
export function normalizeBody(schema: z.ZodType, value: unknown, path: string[] = []): unknown {
  const def = definitionOf(schema);
  if (typeof value === 'number') {
    if (def.type === 'number' && isIntegerSchema(def) && Number.isInteger(value) && (value < INTEGER_RANGE.min || value > INTEGER_RANGE.max)) {
      throw new ApiError(400, 'field_out_of_range', { field: path.join('.') || '(body)', min: String(INTEGER_RANGE.min), max: String(INTEGER_RANGE.max) });
    }
  } else if (typeof value !== 'object' || value === null) {
    return value;
  }
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return normalizeBody(def.innerType!, value, path);
    case 'pipe':
      return normalizeBody(def.in!, value, path);
    case 'lazy':
      return normalizeBody(def.getter!(), value, path);
    case 'object':
      return isPlainObject(value) ? normalizeObject(def, value, path) : value;
    case 'record':
      return isPlainObject(value) ? mapEntries(value, (item, key) => normalizeBody(def.valueType!, item, [...path, key])) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item, index) => normalizeBody(def.element!, item, [...path, String(index)])) : value;
    case 'tuple':
      return Array.isArray(value) ? value.map((item, index) => (def.items![index] ? normalizeBody(def.items![index]!, item, [...path, String(index)]) : item)) : value;
    case 'intersection':
      return normalizeBody(def.right!, normalizeBody(def.left!, value, path), path);
    case 'union':
      return normalizeUnion(def.options!, value, path);
    default:
      return value;
  }
}

function normalizeObject(def: Definition, value: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const shape = def.shape!;
  return mapEntries(value, (item, key) => {
    const isKnown = Object.hasOwn(shape, key);
    const field = isKnown ? shape[key] : def.catchall;
    if (!field) return item;
    if (item === null && isKnown && mayBeLeftOut(field) && !field.safeParse(null).success) return LEFT_OUT;
    return normalizeBody(field, item, [...path, key]);
  });
}

/** The first form the normalised body fits (Search's two request forms); else as it came. */
function normalizeUnion(options: z.ZodType[], value: unknown, path: string[]): unknown {
  let refusal: unknown;
  for (const option of options) {
    try {
      const candidate = normalizeBody(option, value, path);
      if (option.safeParse(candidate).success) return candidate;
    } catch (error) {
      refusal ??= error;
    }
  }
  if (refusal) throw refusal;
  return value;
}

const LEFT_OUT = Symbol('left out');

function mapEntries(value: Record<string, unknown>, map: (item: unknown, key: string) => unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const mapped = map(item, key);
    if (mapped !== LEFT_OUT) result[key] = mapped;
  }
  return result;
}
