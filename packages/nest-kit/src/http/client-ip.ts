import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The caller's address for per-IP limits. A service is reachable only through the gateway, which
 * appends the address it saw to `x-forwarded-for`; entries left of that one are whatever the client
 * sent and prove nothing. So the header is read only from a trusted peer (the gateway), and then only
 * its right-most entry; from any other peer the socket address is the client.
 */
export function clientIp(request: FastifyRequest, trustedProxies: readonly string[]): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const forwarded = request.headers['x-forwarded-for'];
  if (!forwarded || !trustedProxies.includes(peer)) return peer;
  const entries = String(forwarded).split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.at(-1) ?? peer;
}

/** Config of the peers whose `x-forwarded-for` is believed (the gateway's addresses), comma-separated. */
export const trustedProxies = () =>
  z
    .string()
    .default('127.0.0.1,::1,::ffff:127.0.0.1')
    .transform((value) => value.split(',').map((ip) => ip.trim()).filter(Boolean));
