import type { Role } from '@khidma/contracts';

/** Who a verified access token speaks for; the guard puts it on the request as `user`. */
export interface AuthUser {
  id: string;
  role: Role;
  email: string;
  /** Session (refresh-token family) the token belongs to. */
  sid: string;
}

/** Lifetime of an access token; revocation records need to live exactly this long. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
