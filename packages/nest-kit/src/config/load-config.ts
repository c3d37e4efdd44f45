import { z } from 'zod';
import { trustedProxies } from '../http/trusted-proxies.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment against a zod schema. A missing or bad variable throws a ConfigError that
 * names every offending variable, so a process refuses to start rather than fail later.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/** An optional URL variable where an empty string means "not set". */
export const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .url()
      .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
        message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );

export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** Variables every service reads; each service extends this with its own. */
export const baseServiceSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where embedded-profile files live (SQLite databases, mail outbox, dev keys). */
  DATA_DIR: z.string().default('var'),
  /** mysql://user:pass@host:port — the MySQL/MariaDB profile; unset means embedded SQLite. */
  DATABASE_URL: optionalUrl(['mysql', 'mariadb']),
  /** Each service's database is `<prefix><service>` (e2e runs use their own prefix). */
  DATABASE_NAME_PREFIX: z.string().regex(/^\w+$/).default('khidma_'),
  /** `run`: apply pending migrations at start; `wait`: start once a separate step (the Job) has. */
  DATABASE_MIGRATIONS: z.enum(['run', 'wait']).default('run'),
  /** redis://host:port — BullMQ on Redis; unset means in-process jobs. */
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** smtp://user:pass@host:port — SMTP delivery; unset means .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Khidma <no-reply@khidma.local>'),
  /** Key prefix of this deployment's queues in Redis. */
  QUEUE_PREFIX: z.string().regex(/^[\w-]+$/).default('khidma'),
  /**
   * Identity's JWKS: every service verifies access tokens against it. Its origin also answers the
   * session check that verifiers use when no Redis holds the revocation records.
   */
  IDENTITY_JWKS_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3001/.well-known/jwks.json'),
  /**
   * How long identity's session check may take (ms) before it counts as unreachable and the request
   * answers 503: a request never waits long on a peer that does not answer.
   */
  SESSION_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /**
   * Peers whose `x-forwarded-for` is believed: the gateway's addresses or, in a cluster, the pod
   * range (a service is not reachable from anywhere else). From them the client is the address the
   * gateway appended, the right-most; per-IP rate limits count that address.
   */
  TRUSTED_PROXIES: trustedProxies(),
  /**
   * Multiplies every request rate limit's allowance (docs/security.md has the table). 1 in production;
   * test stacks that sign up hundreds of accounts from 127.0.0.1 raise it.
   */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Serve Prometheus metrics at /metrics (docs/observability.md); `false` turns them off. */
  METRICS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Bearer token a scrape must present; unset: services answer any caller, the gateway serves none. */
  METRICS_TOKEN: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(16).optional()),
  /** Port of a worker's metrics listener (workers have no HTTP app); each worker has its own default. */
  METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(65535).optional()),
  /**
   * OTLP/HTTP collector base URL (e.g. `http://otel-collector:4318`), the OpenTelemetry SDKs' own
   * variable: spans are exported to `<url>/v1/traces`. Unset (the default): no export, trace ids are
   * still made and logged (docs/observability.md).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^https?$/ }).optional()),
});
export type BaseServiceConfig = z.infer<typeof baseServiceSchema>;
