import { describe, expect, it } from 'vitest';
import { isAllowed, isGrantableBy, requirement, type Capability } from './capabilities';

const cap = (ObjectType: Capability['ObjectType'], flags: Partial<Capability> = {}): Capability => ({
  ObjectType,
  Read: false,
  Create: false,
  Execute: false,
  Delete: false,
  Value: null,
  ...flags,
});

describe('isAllowed', () => {
  const caps = [cap('LOGIN', { Execute: true }), cap('MARKETPLACE', { Read: true }), cap('QUOTATION_TOOL', { Read: true, Value: 'HIERARCHY' })];

  it('passes when one capability holds every requested flag', () => {
    expect(isAllowed(caps, requirement('LOGIN', ['Execute']))).toBe(true);
  });

  it('fails when no single capability holds all requested flags', () => {
    expect(isAllowed(caps, requirement('MARKETPLACE', ['Read', 'Create']))).toBe(false);
    expect(isAllowed([cap('MARKETPLACE', { Read: true }), cap('MARKETPLACE', { Create: true })], requirement('MARKETPLACE', ['Read', 'Create']))).toBe(false);
  });

  it('fails for an object type the user lacks', () => {
    expect(isAllowed(caps, requirement('REPORTING', ['Read']))).toBe(false);
  });

  it('requires the value when one is asked', () => {
    expect(isAllowed(caps, requirement('QUOTATION_TOOL', ['Read'], 'HIERARCHY'))).toBe(true);
    expect(isAllowed([cap('QUOTATION_TOOL', { Read: true })], requirement('QUOTATION_TOOL', ['Read'], 'HIERARCHY'))).toBe(false);
  });

  it('combines checks with AND and OR', () => {
    const login = requirement('LOGIN', ['Execute']);
    const reporting = requirement('REPORTING', ['Read']);
    expect(isAllowed(caps, { any: [reporting, login] })).toBe(true);
    expect(isAllowed(caps, { all: [reporting, login] })).toBe(false);
    expect(isAllowed(caps, { all: [login, { any: [reporting, requirement('MARKETPLACE', ['Read'])] }] })).toBe(true);
  });

  it('passes when there is no rule and fails with no capabilities', () => {
    expect(isAllowed([], undefined)).toBe(true);
    expect(isAllowed([], requirement('LOGIN', ['Execute']))).toBe(false);
  });
});

describe('isGrantableBy (nobody hands out more than they hold)', () => {
  const admin = [cap('USER_ACCOUNT', { Read: true, Create: true }), cap('LOGIN', { Execute: true }), cap('QUOTATION_TOOL', { Read: true })];

  it('lets a holder grant what they have, flag by flag', () => {
    expect(isGrantableBy([cap('USER_ACCOUNT', { Read: true }), cap('LOGIN', { Execute: true })], admin)).toBe(true);
    expect(isGrantableBy([], admin)).toBe(true);
  });

  it('refuses a flag, an object type or a value the holder lacks', () => {
    expect(isGrantableBy([cap('USER_ACCOUNT', { Delete: true })], admin)).toBe(false);
    expect(isGrantableBy([cap('BRANDING', { Read: true })], admin)).toBe(false);
    expect(isGrantableBy([cap('QUOTATION_TOOL', { Read: true, Value: 'HIERARCHY' })], admin)).toBe(false);
  });
});
