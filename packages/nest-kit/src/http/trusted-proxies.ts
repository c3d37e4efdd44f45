import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** `10.0.0.0/8`, `fd00::/8`, or one address. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Comma-separated IP addresses or CIDR ranges: the peers (a gateway, an ingress controller) whose
 * `x-forwarded-for` is believed. In a cluster their pod addresses change, so ranges are what works.
 */
export const addressList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isAddressOrRange, { message: 'must be IP addresses or CIDR ranges, comma-separated' })));

/** TRUSTED_PROXIES of a service behind the gateway: loopback unless the deployment says otherwise. */
export const trustedProxies = () => addressList('127.0.0.1,::1');

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether `address` is one of `entries` (addresses or ranges); an IPv4-mapped IPv6 address counts as its IPv4 one. */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = IPV4_MAPPED.exec(address)?.[1];
    if (mapped && list.check(mapped, 'ipv4')) return true;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
