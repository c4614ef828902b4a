import type { FastifyInstance } from 'fastify';
import { addDays } from '../platform/dates';

// Request bodies derived from the OpenAPI document, so tests that walk every operation (optional
// nulls, fuzzing) cover an operation added later without touching them.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
  pattern?: string;
};

export interface DocumentedOperation {
  /** `IService/Operation` */
  name: string;
  isPublic: boolean;
  schema: JsonSchema;
}

type OpenApiDocument = { paths: Record<string, { post: { security: unknown[]; requestBody: { content: Record<string, { schema: JsonSchema }> } } }> };

export async function documentedOperations(app: FastifyInstance): Promise<DocumentedOperation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  return Object.entries(doc.paths).map(([url, path]) => ({
    name: url.split('/').slice(-2).join('/'),
    isPublic: path.post.security.length === 0,
    schema: path.post.requestBody.content['application/json']!.schema,
  }));
}

/** The ids a sample puts in fields that name an account or a user. */
export interface SampleIds {
  account: number;
  user: number;
}

const USER_FIELDS = new Set(['userAccountId', 'terminatorId']);
const isIdField = (name: string) => /(^id$|Id$|Ids$|^targetRoot$)/i.test(name);
/** Candidates for a string with a pattern (colours, usernames); the first the pattern accepts is used. */
const PATTERNED = ['probe-value', 'ffffff', 'probe.value', 'probe', 'EUR'];

export interface SampleOptions {
  ids: SampleIds;
  /** Also fill the optional fields (fuzzing reaches more code); otherwise only the required ones. */
  withOptional?: boolean;
}

/** The object branches of a schema: a union of request forms (Search, AcceptTerms) gives several. */
export function requestForms(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ? schema.anyOf.filter((branch) => branch.type !== 'null') : [schema];
}

/** A value the schema accepts. Records get one entry, so their keys and values can be probed too. */
export function sampleOf(schema: JsonSchema, options: SampleOptions, field = ''): unknown {
  if (schema.anyOf) return sampleOf(schema.anyOf.find((branch) => branch.type !== 'null') ?? {}, options, field);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const names = Object.keys(schema.properties ?? {}).filter((name) => options.withOptional || schema.required?.includes(name));
      const sample: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, sampleOf(schema.properties![name]!, options, name)]));
      if (typeof schema.additionalProperties === 'object' && !schema.properties) sample.probe = sampleOf(schema.additionalProperties, options, 'probe');
      return sample;
    }
    case 'array': {
      const length = Math.max(schema.minItems ?? 0, options.withOptional ? 1 : 0);
      return Array.from({ length }, () => sampleOf(schema.items ?? {}, options, field));
    }
    case 'integer':
    case 'number':
      if (isIdField(field)) return USER_FIELDS.has(field) ? options.ids.user : options.ids.account;
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'date-time') return addDays(new Date(), 1).toISOString();
      const text = schema.pattern ? (PATTERNED.find((candidate) => new RegExp(schema.pattern!, 'u').test(candidate)) ?? 'probe') : 'probe-value';
      return text.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return 'probe-value';
  }
}

/** Every optional field of a request form, nested ones included, as paths of property names. */
export function optionalFieldPaths(schema: JsonSchema, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (!schema.required?.includes(name)) paths.push([...prefix, name]);
    const objectChild = requestForms(child).find((branch) => branch.type === 'object' && branch.properties);
    if (objectChild) paths.push(...optionalFieldPaths(objectChild, [...prefix, name]));
  }
  return paths;
}

/**
 * The form's minimal sample with the objects on the way to `path` present (their own required
 * fields filled) and the field at `path` set to `value`, or left out when `value` is undefined.
 */
export function sampleWithField(form: JsonSchema, path: string[], value: unknown, options: SampleOptions): Record<string, unknown> {
  const body = sampleOf(form, options) as Record<string, unknown>;
  let target = body;
  let schema = form;
  for (const name of path.slice(0, -1)) {
    schema = requestForms(schema.properties![name]!).find((branch) => branch.type === 'object')!;
    if (typeof target[name] !== 'object' || target[name] === null) target[name] = sampleOf(schema, options, name);
    target = target[name] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}
