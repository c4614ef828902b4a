import { describe, expect, it } from 'vitest';
import { isAddressExcluded } from '../isAddressExcluded';

describe('isAddressExcluded (the lock-out warning before saving IP lists)', () => {
  it('warns when an allow list does not name the address, by exact entry, CIDR block or hyphen range', () => {
    expect(isAddressExcluded('203.0.113.7', { Allow: '', Deny: '' })).toBe(false);
    expect(isAddressExcluded('203.0.113.7', { Allow: '198.51.100.1', Deny: '' })).toBe(true);
    expect(isAddressExcluded('203.0.113.7', { Allow: '198.51.100.1, 203.0.113.7', Deny: '' })).toBe(false);
    expect(isAddressExcluded('203.0.113.7', { Allow: '203.0.113.0/24', Deny: '' })).toBe(false);
    expect(isAddressExcluded('203.0.114.7', { Allow: '203.0.113.0/24', Deny: '' })).toBe(true);
    expect(isAddressExcluded('192.0.2.15', { Allow: '192.0.2.10-192.0.2.20', Deny: '' })).toBe(false);
    expect(isAddressExcluded('192.0.2.21', { Allow: '192.0.2.10 - 192.0.2.20', Deny: '' })).toBe(true);
  });

  it('warns when a deny entry matches, also for an IPv4 address written the IPv6 way', () => {
    expect(isAddressExcluded('::ffff:10.1.2.3', { Allow: '', Deny: '10.0.0.0/8' })).toBe(true);
    expect(isAddressExcluded('10.1.2.3', { Allow: '0.0.0.0/0', Deny: '10.1.2.4' })).toBe(false);
  });

  it('cannot judge an IPv6 address and does not warn', () => {
    expect(isAddressExcluded('2001:db8::1', { Allow: '203.0.113.7', Deny: '2001:db8::/32' })).toBe(false);
  });
});
