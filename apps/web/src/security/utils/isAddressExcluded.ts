import type { IpRestrictions } from '../api/ipRestrictionOperations';

/**
 * A client-side warning only (the server decides): would these lists keep `address` out? Checks
 * IPv4 addresses against exact entries, CIDR blocks and hyphen ranges (spec §5 "ranges use a
 * hyphen"); for an IPv6 address it cannot tell and says no. An allow list that is not empty
 * admits only what it names; a deny entry keeps an address out.
 */
export function isAddressExcluded(address: string, { Allow, Deny }: IpRestrictions): boolean {
  const ip = parseIpv4(address.replace(/^::ffff:/i, ''));
  if (ip === undefined) return false;
  if (entriesOf(Deny).some((entry) => matchesIpv4(ip, entry))) return true;
  const allowed = entriesOf(Allow);
  return allowed.length > 0 && !allowed.some((entry) => matchesIpv4(ip, entry));
}

/** spec §5 "Allow/deny records are comma separated"; line breaks are accepted as separators too. */
export function entriesOf(list: string): string[] {
  return list
    .split(/[,\n\r]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function matchesIpv4(ip: number, entry: string): boolean {
  const range = entry.split('-');
  if (range.length === 2) {
    const [from, to] = range.map((part) => parseIpv4(part.trim()));
    return from !== undefined && to !== undefined && ip >= from && ip <= to;
  }
  const [base, bits] = entry.split('/');
  const network = parseIpv4(base);
  if (network === undefined) return false;
  if (bits === undefined) return ip === network;
  const prefix = Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 32) return false;
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return ((ip & mask) >>> 0) === ((network & mask) >>> 0);
}

function parseIpv4(text: string): number | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  const octets = match.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return undefined;
  return octets.reduce((value, octet) => value * 256 + octet, 0);
}
