import { isIP } from 'node:net';

export type Lookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/**
 * Expands upstream URLs into one URL per address their hostname resolves to. Under Compose,
 * `--scale booking=3` gives the name `booking` three addresses; each becomes a replica, so the
 * round-robin reaches all of them instead of whichever one a pooled connection first landed on.
 * A name that does not resolve is kept as configured (the request then fails over as usual).
 */
export async function expandReplicas(urls: readonly string[], lookup: Lookup): Promise<string[]> {
  const expanded = await Promise.all(
    urls.map(async (configured) => {
      const url = new URL(configured);
      if (isIP(url.hostname.replace(/^\[|\]$/g, '')) || url.hostname === 'localhost') return [configured];
      try {
        const addresses = await lookup(url.hostname);
        if (addresses.length === 0) return [configured];
        return addresses.map(({ address, family }) => {
          const replica = new URL(configured);
          replica.hostname = family === 6 ? `[${address}]` : address;
          return replica.origin + replica.pathname.replace(/\/$/, '');
        });
      } catch {
        return [configured];
      }
    }),
  );
  return [...new Set(expanded.flat())];
}
