import { z } from 'zod';
import type { OperationRegistry } from './operations';
import { OPERATION_PREFIX } from './operationRoute';
import { INTEGER_RANGE } from './bodyNormalization';

const errorBody = {
  type: 'object',
  properties: { Message: { type: 'string' } },
  required: ['Message'],
} as const;

/** Request integers are bounded to the database's `integer` (bodyNormalization.ts refuses the rest). */
function withIntegerRange<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withIntegerRange) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const result = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withIntegerRange(value)])) as Record<string, unknown>;
  if (result.type === 'integer') {
    if (typeof result.maximum !== 'number' || result.maximum > INTEGER_RANGE.max) result.maximum = INTEGER_RANGE.max;
    if (typeof result.exclusiveMinimum !== 'number' && (typeof result.minimum !== 'number' || result.minimum < INTEGER_RANGE.min)) result.minimum = INTEGER_RANGE.min;
  }
  return result as T;
}

/** The OpenAPI 3.1 document, generated from the registry's zod schemas (JSON Schema 2020-12). */
export function buildOpenApiDocument(registry: OperationRegistry) {
  const paths: Record<string, unknown> = {};
  for (const def of registry.all()) {
    const isPublic = def.access === 'public';
    paths[`${OPERATION_PREFIX}/${def.service}/${def.operation}`] = {
      post: {
        operationId: `${def.service}.${def.operation}`,
        tags: [def.service],
        summary: def.summary,
        security: isPublic ? [] : [{ session: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: withIntegerRange(z.toJSONSchema(def.request, { io: 'input', unrepresentable: 'any' })) } },
        },
        responses: {
          '200': { description: 'Success', content: { 'application/json': { schema: z.toJSONSchema(def.response, { io: 'output', unrepresentable: 'any' }) } } },
          '400': { description: 'Invalid request; the message names the field', content: { 'application/json': { schema: errorBody } } },
          ...(isPublic ? {} : { '401': { description: 'Not signed in', content: { 'application/json': { schema: errorBody } } } }),
          '403': { description: 'Missing capability, an account outside the caller\'s hierarchy, or a failed anti-forgery check', content: { 'application/json': { schema: errorBody } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud Marketplace portal API',
      version: '1.0.0',
      description:
        'Every business call is POST with a JSON body. Sign in with IAuthorizationService/Authenticate and keep the session cookie. ' +
        'Browser requests echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header; server-to-server clients send neither Origin nor Sec-Fetch-Site and need no token.',
    },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cmp_session' } } },
    paths,
  };
}
