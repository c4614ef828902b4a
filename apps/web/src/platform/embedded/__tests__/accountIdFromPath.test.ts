import { describe, expect, it } from 'vitest';
import { accountIdFromPath } from '../accountIdFromPath';

describe('accountIdFromPath (spec §2)', () => {
  it('reads the segment two places after "Account" when embedded', () => {
    expect(accountIdFromPath('/Account/View/1203', 7, true)).toBe(1203);
    expect(accountIdFromPath('/shell/Account/View/57/Notifications', 7, true)).toBe(57);
  });

  it('uses the fallback when not embedded, whatever the path says', () => {
    expect(accountIdFromPath('/Account/View/1203', 7, false)).toBe(7);
  });

  it('uses the fallback when the path names no account id', () => {
    expect(accountIdFromPath('/Dashboard', 7, true)).toBe(7);
    expect(accountIdFromPath('/Account/View', undefined, true)).toBeUndefined();
    expect(accountIdFromPath('/Account/Create/User', 7, true)).toBe(7);
  });
});
