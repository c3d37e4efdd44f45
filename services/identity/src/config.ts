import { DEFAULT_PORTS } from '@khidma/contracts';
import { baseServiceSchema, port, type ServiceConfig } from '@khidma/nest-kit';
import { z } from 'zod';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const identityConfigSchema = baseServiceSchema.extend({
  PORT: port(DEFAULT_PORTS.identity),
  /** The account the server treats as the designated admin (spec §6, ARCHITECTURE §5). */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an e-mail address' }))
    .default('admin@khidma.test'),
  /** The browser-facing origin (the gateway): e-mailed links, the Google callback and popup target. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://localhost:3000')
    .transform((url) => new URL(url).origin),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUnset, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUnset, z.string().optional()),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  /**
   * Seconds after a refresh token was exchanged during which the same client may present it again, if
   * the answer carrying its successor was lost and that successor never used (SessionsService).
   */
  REFRESH_RETRY_SECONDS: z.coerce.number().int().min(0).max(120).default(30),
  /** Production signing keys: a JSON array of private ES256 JWKs, the last one signs. Unset: DATA_DIR/keys. */
  JWT_PRIVATE_JWKS: z.preprocess(emptyAsUnset, z.string().optional()),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema> & ServiceConfig;
