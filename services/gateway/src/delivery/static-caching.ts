import { SERVICE_NAMES, type ServiceName } from '@khidma/contracts';
import type { Upstream } from '../config.js';

/** Rsbuild writes every file under `static/` with a content hash in its name (`output.filenameHash`). */
const HASHED_ASSET = /(?:^|\/)static\//;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked again (a 304 by ETag) before each use: HTML, manifests and remote entries. */
export const REVALIDATE = 'no-cache';

const isService = (upstream: Upstream): upstream is ServiceName => (SERVICE_NAMES as readonly string[]).includes(upstream);

/**
 * How long a browser keeps what the shell's and the remotes' static servers answer: a hashed asset
 * never changes under its name, so forever; anything else names the current hashes and is revalidated.
 * Services' answers keep their own headers (undefined).
 */
export function staticCacheControl(upstream: Upstream, forwardedPath: string, status: number): string | undefined {
  if (isService(upstream) || status >= 400) return undefined;
  return status < 300 && HASHED_ASSET.test(forwardedPath) ? IMMUTABLE : REVALIDATE;
}
