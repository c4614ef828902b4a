import type { TFunction } from 'i18next';

/** "Authenticator app" or "E-mail"; a kind this portal does not know yet is shown as the server names it. */
export function methodKindLabel(t: TFunction, kind: string): string {
  return t(`mfa.kinds.${kind}`, { defaultValue: kind });
}
