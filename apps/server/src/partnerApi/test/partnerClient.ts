import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { DOMParser } from '@xmldom/xmldom';
import { parse } from 'yaml';
import { DEMO_PASSWORD } from '../../test/testServer';
import { PARTNER_API_PREFIX } from '../partnerRoute';

/**
 * A partner's client of the SimpleAPI for the API tests: calls as partners' scripts do (the token in
 * `Authenticate`, no cookie), reads faults as XML, and checks answers against the published
 * definition (simpleapi-1.0.0.yaml, the public Marketplace_SimpleAPI 1.0.0 kept beside this folder).
 */
export interface PartnerAnswer {
  status: number;
  contentType: string;
  /** The answer's Set-Cookie header: a server-to-server API sets none. */
  setCookie: unknown;
  text: string;
  /** The JSON answer (undefined for an empty or XML one). */
  json: unknown;
  /** A fault's `Reason/Text`, `Detail/ServiceException/Message` and `IsSessionExpired`. */
  fault?: { reason: string; message: string; isSessionExpired: boolean; code: string };
}

export async function partnerCall(
  app: FastifyInstance,
  operation: string,
  body: unknown = {},
  options: { token?: string; authenticate?: string; rawBody?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<PartnerAnswer> {
  const authenticate = options.authenticate ?? (options.token ? `CCPSessionId ${options.token}` : undefined);
  const response = await app.inject({
    method: 'POST',
    url: `${PARTNER_API_PREFIX}/${operation}`,
    headers: {
      'content-type': options.contentType ?? 'application/json; charset=utf-8',
      ...(authenticate ? { authenticate } : {}),
      ...options.headers,
    },
    payload: options.rawBody ?? JSON.stringify(body),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  const text = response.body;
  const answer: PartnerAnswer = { status: response.statusCode, contentType, setCookie: response.headers['set-cookie'], text, json: undefined };
  if (contentType.startsWith('application/json') && text) answer.json = JSON.parse(text);
  if (contentType.startsWith('application/xml')) answer.fault = readFault(text);
  return answer;
}

const NS_DETAIL = 'http://schemas.datacontract.org/2004/07/Nervogrid.Platform.API';
const NS_FAULT = 'http://schemas.microsoft.com/ws/2005/05/envelope/none';

/** Reads a fault as the published clients do: with an XML parser, by namespace. */
export function readFault(xml: string): PartnerAnswer['fault'] {
  // xmldom throws on text that is not well-formed XML.
  const document = new DOMParser({ onError: (level, message) => { throw new Error(`not XML (${level}: ${message}): ${xml}`); } }).parseFromString(xml, 'application/xml');
  const root = document.documentElement;
  if (!root || root.localName !== 'Fault' || root.namespaceURI !== NS_FAULT) throw new Error(`not a fault: ${xml}`);
  const one = (ns: string, name: string) => document.getElementsByTagNameNS(ns, name)[0]?.textContent ?? '';
  return {
    code: one(NS_FAULT, 'Value'),
    reason: one(NS_FAULT, 'Text'),
    message: one(NS_DETAIL, 'Message'),
    isSessionExpired: one(NS_DETAIL, 'IsSessionExpired') === 'true',
  };
}

/** A token for a demo user through GetSessionToken. */
export async function partnerToken(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await partnerCall(app, 'GetSessionToken', { username, password });
  if (answer.status !== 200 || typeof answer.json !== 'string') throw new Error(`GetSessionToken for ${username}: ${answer.status} ${answer.text}`);
  return answer.json;
}

// The definition, loaded once: its component schemas, with every property required, so an answer
// that leaves a field out fails as surely as one with the wrong type.
type JsonSchema = { [key: string]: unknown };
const definition = parse(readFileSync(new URL('../simpleapi-1.0.0.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, { post: { responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> } }>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Fields of the definition the product does not answer yet, by schema (each a note on issue 33). */
const NOT_YET_ANSWERED: Record<string, string[]> = { Company: ['Industry'], Subscription: ['Addons'] };

function everyPropertyRequired(schema: unknown, name?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => everyPropertyRequired(item));
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as JsonSchema).map(([field, fieldSchema]) => [field, everyPropertyRequired(fieldSchema)])) : everyPropertyRequired(value);
  if (copy.properties) {
    const skipped = NOT_YET_ANSWERED[name ?? ''] ?? [];
    for (const field of skipped) delete (copy.properties as JsonSchema)[field];
    copy.required = Object.keys(copy.properties as JsonSchema);
    copy.additionalProperties = false;
  }
  return copy;
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ components: { schemas: Object.fromEntries(Object.entries(definition.components.schemas).map(([name, schema]) => [name, everyPropertyRequired(schema, name)])) } }, 'simpleapi');
const validators = new Map<string, ValidateFunction>();

/** The definition's answer schema of an operation, as a validator (undefined when it defines no body). */
export function definitionAnswerValidator(operation: string): ValidateFunction | undefined {
  if (!validators.has(operation)) {
    const content = definition.paths[`/${operation}`]?.post.responses['200']?.content ?? {};
    const schema = Object.values(content)[0]?.schema;
    if (!schema) return undefined;
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"simpleapi#/components/')) as JsonSchema;
    validators.set(operation, ajv.compile(rewritten));
  }
  return validators.get(operation);
}

/** Asserts an answer matches the definition; the error names every mismatch. */
export function assertDefinitionAnswer(operation: string, json: unknown): void {
  const validate = definitionAnswerValidator(operation);
  if (!validate) throw new Error(`the definition has no answer body for ${operation}`);
  if (!validate(json)) throw new Error(`${operation} answer does not match the definition: ${ajv.errorsText(validate.errors)}`);
}

export const DEFINITION_OPERATIONS = Object.keys(definition.paths).map((path) => path.slice(1));
