import type { OperationContext } from '../platform/operations';

/**
 * The redirect_uri the portal sent to the provider is its origin, and `state` carries that origin
 * URL-encoded (spec §7 SSO button). The same value must go to the token endpoint. It is believed
 * only when it is this portal — the public URL, an allowed CORS origin or the origin this request
 * came to — so a caller cannot have the server present a code for a redirect URI of its choosing.
 */
export function redirectUriFromState(state: string, { config, request }: OperationContext): string | undefined {
  const origin = decodeOrigin(state);
  if (!origin) return undefined;
  const allowed = new Set([config.publicUrl, ...config.corsOrigins, `${request.protocol}://${request.host}`].map(originOf));
  return allowed.has(origin) ? origin : undefined;
}

/** The state as the portal encoded it, or already decoded once more by a router on the way. */
function decodeOrigin(state: string): string | undefined {
  let value = state;
  for (let round = 0; round < 2 && !/^https?:\/\//i.test(value); round++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  const origin = originOf(value);
  return origin === value ? origin : undefined;
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
