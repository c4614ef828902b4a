import { isEmbedded } from './embeddedHost';

/**
 * spec §2: the account id is the path segment two places after the segment "Account"
 * (`/Account/View/1203` → 1203). It is read only when the portal runs embedded (the host shell's
 * address names the account); otherwise, or when the path names none, the fallback is used.
 */
export function accountIdFromPath<T>(pathname: string, fallback: T, embedded: boolean = isEmbedded()): number | T {
  if (!embedded) return fallback;
  const segments = pathname.split('/').filter(Boolean);
  const index = segments.indexOf('Account');
  const value = index === -1 ? undefined : segments[index + 2];
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}
