import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { AUTH_PATHS, type AdminAccessConfigResponse } from '@khidma/contracts';
import { apiFetch } from '@khidma/web-kit';

let published: Promise<string | null> | undefined;

/** The admin address's published hash, fetched once per page load; null when it cannot be had. */
export const adminEmailHash = (): Promise<string | null> =>
  (published ??= apiFetch<AdminAccessConfigResponse>(AUTH_PATHS.adminAccessConfig).then(
    (config) => config.emailSha256,
    () => {
      published = undefined; // try again on the next visit to the page
      return null;
    },
  ));

/**
 * Whether a typed address is the administrator's: compared by hash (spec §2 shows Emergency Admin
 * Access only for that address, and the address itself is never published).
 */
export const isAdminAddress = (typed: string, hash: string | null): boolean =>
  hash !== null && bytesToHex(sha256(utf8ToBytes(typed.trim().toLowerCase()))) === hash;
