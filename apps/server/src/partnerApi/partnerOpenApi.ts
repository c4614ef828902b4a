import { z } from 'zod';
import { PARTNER_API_PREFIX } from './partnerRoute';
import type { PartnerOperationDefinition } from './partnerOperation';

const faultExample =
  '<Fault xmlns="http://schemas.microsoft.com/ws/2005/05/envelope/none"><Code><Value>Sender</Value></Code>' +
  '<Reason><Text xml:lang="en-US">The username or password is incorrect.</Text></Reason><Detail>' +
  '<ServiceException xmlns="http://schemas.datacontract.org/2004/07/Nervogrid.Platform.API"><IsSessionExpired>false</IsSessionExpired>' +
  '<IssueToken>…</IssueToken><Message>The username or password is incorrect.</Message></ServiceException></Detail></Fault>';
const fault = (description: string) => ({ description, content: { 'application/xml': { schema: { type: 'string' }, example: faultExample } } });

/**
 * The partner SimpleAPI as an OpenAPI 3.1 document, from the same zod schemas the route checks
 * (issue 33): served at /api/partner-openapi.json beside the portal's document and shown by /api/docs.
 */
export function buildPartnerOpenApiDocument(operations: readonly PartnerOperationDefinition[]) {
  const paths: Record<string, unknown> = {};
  for (const def of operations) {
    const answer = z.toJSONSchema(def.answer, { io: 'output', unrepresentable: 'any' });
    const hasBody = !(def.answer instanceof z.ZodUndefined);
    paths[`${PARTNER_API_PREFIX}/${def.name}`] = {
      post: {
        operationId: def.name,
        tags: [def.group],
        summary: def.summary,
        security: def.isPublic ? [] : [{ token: [] }],
        requestBody: { required: false, content: { 'application/json': { schema: z.toJSONSchema(def.request, { io: 'input', unrepresentable: 'any' }) } } },
        responses: {
          '200': hasBody ? { description: 'Success', content: { 'application/json': { schema: answer } } } : { description: 'Success, no body' },
          '400': fault('The body is not valid; the message names the field'),
          ...(def.isPublic ? {} : { '401': fault('No token, or it has expired (IsSessionExpired true)') }),
          '403': fault("Missing right, or an account outside the caller's hierarchy"),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner SimpleAPI',
      version: '1.0.0',
      description:
        'The Marketplace SimpleAPI 1.0.0 that partners\' existing integrations call. Get a token with GetSessionToken and send it with every other call ' +
        'in the header `Authenticate: CCPSessionId <token>`. Body property names are case-sensitive. Errors are XML faults: read ' +
        '`Reason/Text` or `Detail/ServiceException/Message`; `IsSessionExpired` is true when a new token is needed.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authenticate' } } },
    paths,
  };
}
