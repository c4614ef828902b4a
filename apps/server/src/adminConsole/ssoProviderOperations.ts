import { asc, count, eq } from 'drizzle-orm';
import { getSsoProvidersResponseSchema } from '@cmp/contracts/adminConsole';
import { emptyRequestSchema } from '@cmp/contracts/auth';
import { ssoLinks, ssoProviders } from '../platform/db/schema';
import { defineOperation } from '../platform/operations';
import { ADMIN_CONSOLE_READ, ADMIN_CONSOLE_SERVICE, requirePlatformOwner } from './adminConsoleAccess';

// The SSO providers in use: SSO_PROVIDERS (README "Configuration") owns them, so the console only reads.

const getSsoProvidersInUse = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'GetSsoProvidersInUse',
  readOnly: true,
  summary: 'The OpenID Connect providers configured with SSO_PROVIDERS: name, issuer, client id, scope and how many users have linked an identity — never the client secret. Platform owner only.',
  request: emptyRequestSchema,
  response: getSsoProvidersResponseSchema,
  rule: ADMIN_CONSOLE_READ,
  async handler(_input, { db, caller }) {
    requirePlatformOwner(caller);
    const rows = await db
      .select({ id: ssoProviders.id, name: ssoProviders.name, issuerUrl: ssoProviders.issuerUrl, clientId: ssoProviders.clientId, scope: ssoProviders.scope, linked: count(ssoLinks.userAccountId) })
      .from(ssoProviders)
      .leftJoin(ssoLinks, eq(ssoLinks.providerId, ssoProviders.id))
      .groupBy(ssoProviders.id)
      .orderBy(asc(ssoProviders.name), asc(ssoProviders.id));
    return {
      Providers: rows.map((r) => ({ ProviderId: r.id, Name: r.name, IssuerUrl: r.issuerUrl, ClientId: r.clientId, Scope: r.scope, LinkedUsers: Number(r.linked) })),
    };
  },
});

export const ssoProviderOperations = [getSsoProvidersInUse];
