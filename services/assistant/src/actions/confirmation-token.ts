import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a confirmation token binds: who, in which conversation, which action with which parameters, until when. */
export interface TokenClaims {
  /** The proposal row (single use). */
  jti: string;
  uid: string;
  sid: string;
  act: string;
  /** SHA-256 of the canonical JSON of the parameters. */
  prm: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

/** JSON with object keys sorted, so the same parameters always hash the same. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export const parametersHash = (parameters: unknown) => createHash('sha256').update(canonicalJson(parameters)).digest('base64url');

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signToken(secret: string, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of an untampered token signed with `secret`, or null. */
export function readToken(secret: string, token: string): TokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return null;
  }
}
