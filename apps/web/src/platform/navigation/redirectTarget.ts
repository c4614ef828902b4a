import { DASHBOARD_PATH } from './appPaths';

export type RedirectTarget =
  /** A full address under the origin (a `#…` redirect). */
  | { kind: 'assign'; url: string }
  /** A path handed to the router. */
  | { kind: 'navigate'; to: string };

/**
 * spec §2 "After a successful login": a `redirect` value starting with # goes to that hash under the
 * origin, any other value through the router, none to #/Dashboard. `search` is the page's query.
 * Both targets stay on this origin: the router only knows hash paths.
 */
export function redirectTarget(search: string, origin: string): RedirectTarget {
  const redirect = new URLSearchParams(search).get('redirect') ?? '';
  if (redirect.startsWith('#')) return { kind: 'assign', url: `${origin}/${redirect}` };
  if (redirect) return { kind: 'navigate', to: redirect.startsWith('/') ? redirect : `/${redirect}` };
  return { kind: 'navigate', to: DASHBOARD_PATH };
}
