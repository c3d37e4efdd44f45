import type { FastifyRequest } from 'fastify';
import { addressMatcher } from './trusted-proxies.js';

/** One matcher per configured list (the config's array lives as long as the process). */
const matchers = new WeakMap<readonly string[], (address: string) => boolean>();

/**
 * The caller's address for per-IP limits. A service is reachable only through the gateway, which
 * appends the address it saw to `x-forwarded-for`; entries left of that one are whatever the client
 * sent and prove nothing. So the header is read only from a trusted peer (the gateway), and then only
 * its right-most entry; from any other peer the socket address is the client.
 */
export function clientIp(request: FastifyRequest, trustedProxies: readonly string[]): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const forwarded = request.headers['x-forwarded-for'];
  let trusted = matchers.get(trustedProxies);
  if (!trusted) matchers.set(trustedProxies, (trusted = addressMatcher(trustedProxies)));
  if (!forwarded || !trusted(peer)) return peer;
  const entries = String(forwarded).split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.at(-1) ?? peer;
}
