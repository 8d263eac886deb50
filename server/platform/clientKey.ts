/**
 * The rate-limit key of a request: the customer (`sub`) for a valid token, else the client
 * address Fastify derived with exactly the configured number of trusted proxy hops
 * (`TRUST_PROXY`, server/platform/config.ts). IPv6 clients are keyed by their /64, the block one
 * customer line gets, so rotating addresses within it does not reset the allowance.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return `ip:${address}`;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return `ip:${parsed.toString()}`;
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return `ip:${v6.toIPv4Address().toString()}`;
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `ip6:${prefix.join(':')}::/64`;
}

export const accountKey = (sub: string) => `sub:${sub}`;

/** Whether a key is a customer's (rather than a client address). */
export const isAccountKey = (key: string) => key.startsWith('sub:');
