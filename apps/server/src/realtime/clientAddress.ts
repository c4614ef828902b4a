import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * The caller's address of an upgrade request, as Fastify's `request.ip` finds it for HTTP
 * (DESIGN.md: X-Forwarded-For is honoured only from configured trusted proxies): from the socket's
 * peer back through X-Forwarded-For, the first hop that is not a trusted proxy.
 */
export function clientAddress(request: IncomingMessage, trustedProxies: string[]): string {
  const peer = request.socket.remoteAddress ?? '';
  if (trustedProxies.length === 0) return peer;
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const hops = [peer, ...forwarded.reverse()];
  for (let index = 0; index < hops.length - 1; index++) {
    if (!isTrusted(hops[index]!, trustedProxies)) return hops[index]!;
  }
  return hops[hops.length - 1]!;
}

function isTrusted(address: string, trustedProxies: string[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = normalize(ipaddr.parse(address));
  return trustedProxies.some((entry) => {
    try {
      if (entry.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        return parsed.kind() === range.kind() && parsed.match(range, bits);
      }
      return ipaddr.isValid(entry) && normalize(ipaddr.parse(entry)).toString() === parsed.toString();
    } catch {
      return false;
    }
  });
}

function normalize(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}
