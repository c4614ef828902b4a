import type { SsoSetupItem } from '@cmp/contracts/branding';

/**
 * spec §7 SSO button: the provider's authorization endpoint with client_id, response_type=code,
 * state (the encoded origin), redirect_uri (the origin) and scope. An endpoint that does not parse
 * as a URL gives undefined: that provider is dropped.
 */
export function buildSsoAuthorizeUrl(item: SsoSetupItem, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(item.auth_endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  url.searchParams.set('client_id', item.client);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', encodeURIComponent(origin));
  url.searchParams.set('redirect_uri', origin);
  url.searchParams.set('scope', item.scope);
  return url.toString();
}
