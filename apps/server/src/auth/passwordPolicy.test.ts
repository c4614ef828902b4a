import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, isCommonPassword, nameParts, unmetPasswordRules } from './passwordPolicy';

const check = (password: string, personalNames: string[] = ['Contoso Ltd', 'Claire', 'Dubois'], isInHistory?: (p: string) => Promise<boolean>) =>
  unmetPasswordRules(password, { policy: DEFAULT_PASSWORD_POLICY, personalNames, isInHistory });

describe('the password policy of spec §5', () => {
  it('accepts a password meeting every rule', async () => {
    expect(await check('Brisk-Falcon-42-River')).toEqual([]);
  });

  it('needs at least 12 characters, counted as code points', async () => {
    expect(await check('Ab1!efghijk')).toContain('min_length');
    expect(await check('Ab1!efghijkl')).not.toContain('min_length');
    expect(await check('Ab1!😀😀😀😀😀😀😀😀')).not.toContain('min_length');
    expect(await check('Ab1!😀😀😀😀😀😀😀')).toContain('min_length');
  });

  it('needs a digit, a special character, an upper and a lower case letter', async () => {
    expect(await check('Brisk-Falcon-River')).toEqual(['digit']);
    expect(await check('BriskFalcon42River')).toEqual(['special']);
    expect(await check('brisk-falcon-42-river')).toEqual(['uppercase']);
    expect(await check('BRISK-FALCON-42-RIVER')).toEqual(['lowercase']);
  });

  it('refuses one of the last passwords', async () => {
    expect(await check('Brisk-Falcon-42-River', [], async (p) => p === 'Brisk-Falcon-42-River')).toEqual(['history']);
  });

  it('refuses common breached passwords, also with decorations', async () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Sunshine2024!')).toBe(true);
    expect(await check('Password1234!')).toContain('compromised');
    expect(isCommonPassword('Brisk-Falcon-42-River')).toBe(false);
  });

  it('refuses parts of the company, first or last name of three letters or more, in any case', async () => {
    expect(await check('My-CONTOSO-pass-42')).toEqual(['personal_info']);
    expect(await check('Hello-dubois-2024!')).toEqual(['personal_info']);
    expect(nameParts('Contoso Ltd', 'Al', 'Dubois')).toEqual(['contoso', 'ltd', 'dubois']);
  });

  it('accepts passwords of 64 and more characters untrimmed', async () => {
    const long = ' Aa1!' + 'x'.repeat(200) + ' ';
    expect(await check(long)).toEqual([]);
  });
});
