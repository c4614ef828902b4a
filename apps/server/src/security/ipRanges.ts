import ipaddr from 'ipaddr.js';

// spec §5: allow/deny records are comma separated IPv4, IPv6, CIDR, or ranges with a hyphen.

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type IpRangeEntry =
  | { kind: 'cidr'; text: string; range: [Address, number] }
  | { kind: 'range'; text: string; from: Address; to: Address };

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) compares as IPv4, as the client usually is. */
function parseAddress(text: string): Address {
  const address = ipaddr.parse(text.trim());
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

const bytesOf = (a: Address) => a.toByteArray();
function compare(a: Address, b: Address): number {
  const x = bytesOf(a);
  const y = bytesOf(b);
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** Parses one list; answers the entries or the first entry that is not a valid IP range. */
export function parseIpList(list: string): { entries: IpRangeEntry[] } | { invalid: string } {
  const entries: IpRangeEntry[] = [];
  for (const raw of list.split(/[,\n]/)) {
    const text = raw.trim();
    if (!text) continue;
    try {
      if (text.includes('/')) {
        const [address, bits] = ipaddr.parseCIDR(text);
        entries.push({ kind: 'cidr', text, range: [address, bits] });
      } else if (text.includes('-')) {
        const [fromText, toText, ...rest] = text.split('-');
        if (rest.length || !fromText || !toText) return { invalid: text };
        const from = parseAddress(fromText);
        const to = parseAddress(toText);
        if (from.kind() !== to.kind() || compare(from, to) > 0) return { invalid: text };
        entries.push({ kind: 'range', text, from, to });
      } else {
        const address = parseAddress(text);
        entries.push({ kind: 'cidr', text, range: [address, address.kind() === 'ipv4' ? 32 : 128] });
      }
    } catch {
      return { invalid: text };
    }
  }
  return { entries };
}

export function isAddressInList(address: string, entries: IpRangeEntry[]): boolean {
  let client: Address;
  try {
    client = parseAddress(address);
  } catch {
    return false;
  }
  return entries.some((entry) => {
    if (entry.kind === 'cidr') {
      const [network, bits] = entry.range;
      return network.kind() === client.kind() && client.match(network, bits);
    }
    return entry.from.kind() === client.kind() && compare(client, entry.from) >= 0 && compare(client, entry.to) <= 0;
  });
}

/** Normalises a list for storage: the same entries, one ", " between them. */
export const normalizeIpList = (entries: IpRangeEntry[]) => entries.map((e) => e.text).join(', ');
