import { describe, expect, it } from 'vitest';
import { isAddressInList, parseIpList, type IpRangeEntry } from './ipRanges';

const entries = (list: string): IpRangeEntry[] => {
  const parsed = parseIpList(list);
  if ('invalid' in parsed) throw new Error(parsed.invalid);
  return parsed.entries;
};

describe('IP allow/deny lists (spec §5)', () => {
  it('matches single addresses, CIDR blocks and hyphen ranges, IPv4 and IPv6', () => {
    const list = entries('10.0.0.1, 192.168.0.0/16, 172.16.0.10-172.16.0.20, 2001:db8::/32, fe80::1-fe80::ff');
    expect(isAddressInList('10.0.0.1', list)).toBe(true);
    expect(isAddressInList('10.0.0.2', list)).toBe(false);
    expect(isAddressInList('192.168.44.3', list)).toBe(true);
    expect(isAddressInList('172.16.0.15', list)).toBe(true);
    expect(isAddressInList('172.16.0.21', list)).toBe(false);
    expect(isAddressInList('2001:db8::5', list)).toBe(true);
    expect(isAddressInList('fe80::10', list)).toBe(true);
    expect(isAddressInList('fe80::100', list)).toBe(false);
  });

  it('treats IPv4-mapped IPv6 client addresses as IPv4', () => {
    expect(isAddressInList('::ffff:10.0.0.1', entries('10.0.0.0/8'))).toBe(true);
  });

  it('names the first invalid entry', () => {
    expect(parseIpList('10.0.0.1, 300.1.1.1')).toEqual({ invalid: '300.1.1.1' });
    expect(parseIpList('10.0.0.0/33')).toEqual({ invalid: '10.0.0.0/33' });
    expect(parseIpList('10.0.0.9-10.0.0.1')).toEqual({ invalid: '10.0.0.9-10.0.0.1' });
    expect(parseIpList('10.0.0.1-2001:db8::1')).toEqual({ invalid: '10.0.0.1-2001:db8::1' });
    expect(parseIpList('hello')).toEqual({ invalid: 'hello' });
  });

  it('accepts an empty list and newlines as separators', () => {
    expect(parseIpList('  ')).toEqual({ entries: [] });
    expect(entries('10.0.0.1\n10.0.0.2')).toHaveLength(2);
  });
});
