import { dictionary } from '@zxcvbn-ts/language-common';

/** spec §5 password rules; an owner may relax or tighten them (e.g. to follow NIST 800-63B). */
export interface PasswordPolicy {
  minLength: number;
  requireDigit: boolean;
  requireSpecial: boolean;
  requireUppercase: boolean;
  requireLowercase: boolean;
  /** How many previous passwords may not be reused. */
  historyCount: number;
  checkCompromised: boolean;
  checkPersonalInfo: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 12,
  requireDigit: true,
  requireSpecial: true,
  requireUppercase: true,
  requireLowercase: true,
  historyCount: 10,
  checkCompromised: true,
  checkPersonalInfo: true,
};

export const PASSWORD_RULES = ['min_length', 'digit', 'special', 'uppercase', 'lowercase', 'history', 'compromised', 'personal_info'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

// The most common breached passwords (zxcvbn-ts's list, ~49,000 entries), held as a Set: one lookup per check.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * A password counts as compromised when it is on the list as typed, or when what is left after
 * stripping the digits and symbols around it is: "Sunshine2024!" is "sunshine" with decorations.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 6 && COMMON_PASSWORDS.has(core);
}

/** Name parts of three or more letters, lower-cased: "Contoso Ltd" → contoso, ltd. */
export function nameParts(...names: (string | null | undefined)[]): string[] {
  return names
    .flatMap((name) => (name ?? '').toLowerCase().split(/[^\p{L}]+/u))
    .filter((part) => [...part].length >= 3);
}

export interface PasswordContext {
  policy: PasswordPolicy;
  /** Company name, first and last name of the user whose password this is. */
  personalNames: (string | null | undefined)[];
  /** Returns true when the password equals one of the user's last `historyCount` passwords. */
  isInHistory?: (password: string) => Promise<boolean>;
}

/** Every rule the password breaks, in the order the portal lists them. Passwords are never trimmed. */
export async function unmetPasswordRules(password: string, ctx: PasswordContext): Promise<PasswordRule[]> {
  const { policy } = ctx;
  const unmet: PasswordRule[] = [];
  // Length counts code points, so an emoji is one character (DESIGN.md security baseline).
  if ([...password].length < policy.minLength) unmet.push('min_length');
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) unmet.push('digit');
  if (policy.requireSpecial && !/[^\p{L}\p{Nd}]/u.test(password)) unmet.push('special');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) unmet.push('uppercase');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) unmet.push('lowercase');
  if (policy.historyCount > 0 && ctx.isInHistory && (await ctx.isInHistory(password))) unmet.push('history');
  if (policy.checkCompromised && isCommonPassword(password)) unmet.push('compromised');
  if (policy.checkPersonalInfo) {
    const lower = password.toLowerCase();
    if (nameParts(...ctx.personalNames).some((part) => lower.includes(part))) unmet.push('personal_info');
  }
  return unmet;
}
