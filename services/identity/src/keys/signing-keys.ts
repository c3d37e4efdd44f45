import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PublicSigningKey } from '@khidma/contracts';
import { ACCESS_TOKEN_TTL_SECONDS } from '@khidma/nest-kit';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export const SIGNING_ALG = 'ES256';

/** A private signing key as stored: the JWK plus when it was made (seconds), to know when it retires. */
export interface StoredKey extends JWK {
  kid: string;
  createdAt?: number;
}

/** DATA_DIR/keys/signing-keys.json: the development key file (var/ is gitignored). */
export const keyFilePath = (dataDir: string) => join(dataDir, 'keys', 'signing-keys.json');

export async function generateSigningKey(now = Date.now()): Promise<StoredKey> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALG, use: 'sig', createdAt: Math.floor(now / 1000) };
}

/** The public half, as the JWKS publishes it (every stored key is P-256: parseKeys admits no other). */
export const publicJwk = ({ x, y, kid }: StoredKey): PublicSigningKey => ({ kty: 'EC', crv: 'P-256', x: x!, y: y!, kid, alg: SIGNING_ALG, use: 'sig' });

/**
 * Keys still needed: the newest (it signs) and each older one until every token it signed has expired,
 * i.e. until an access-token lifetime (plus a minute of clock skew) after its successor took over.
 */
export function keysInUse(keys: readonly StoredKey[], now = Date.now()): StoredKey[] {
  return keys.filter((key, index) => {
    const successor = keys[index + 1];
    if (!successor?.createdAt) return true;
    return (successor.createdAt + ACCESS_TOKEN_TTL_SECONDS + 60) * 1000 > now;
  });
}

/** Parses a JSON array of private ES256 JWKs (the file, or JWT_PRIVATE_JWKS), naming what is wrong. */
export function parseKeys(json: string, source: string): StoredKey[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${source}: not JSON`);
  }
  if (!Array.isArray(value) || value.length === 0) throw new Error(`${source}: must be a non-empty JSON array of JWKs`);
  return value.map((key: StoredKey, index) => {
    if (key?.kty !== 'EC' || key.crv !== 'P-256' || !key.d || !key.kid) {
      throw new Error(`${source}[${index}]: must be a private P-256 (ES256) JWK with a kid`);
    }
    return key;
  });
}

export async function readKeyFile(path: string): Promise<StoredKey[] | undefined> {
  try {
    return parseKeys(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Written whole to a temp file and renamed, owner-only (0600): readers never see half a key set. */
export async function writeKeyFile(path: string, keys: readonly StoredKey[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

/** A rotation: a new signing key at the end, keys whose tokens have all expired dropped. */
export async function rotate(keys: readonly StoredKey[], now = Date.now()): Promise<StoredKey[]> {
  return keysInUse([...keys, await generateSigningKey(now)], now);
}
