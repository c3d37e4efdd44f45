import { DEFAULT_PORTS } from '@khidma/contracts';
import { baseServiceSchema, isTimeZone, port } from '@khidma/nest-kit';
import { z } from 'zod';

/** Booking's own variables; tests parse this alone to get its defaults beside a throwaway base config. */
export const bookingSettingsSchema = z.object({
  PORT: port(DEFAULT_PORTS.booking),
  /** Where contact-form messages are sent. */
  SUPPORT_EMAIL: z.email().default('support@khidma.test'),
  /** The zone booking dates and slot times are read in (the marketplace runs in one region). */
  MARKETPLACE_TIMEZONE: z
    .string()
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Amman' })
    .default('Asia/Amman'),
  /** Public origin of the web app, for links in e-mails. */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * How long a catalogue list answer is reused for the same question (0: never). Lists are public and
   * the same few questions arrive from many visitors; a committed change empties it on every replica (CatalogueChanges).
   * Blank means the default: coercing '' would read as 0 and silently switch the cache off.
   */
  CATALOGUE_CACHE_MS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(0).max(60_000).default(5_000),
  ),
  /**
   * The server-side time limit of each catalogue read (MariaDB max_statement_time, MySQL
   * MAX_EXECUTION_TIME): a question that runs longer answers 503 query_timeout and frees its pool
   * connection, well before the gateway gives up on the request.
   */
  CATALOGUE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(3_000),
  /**
   * A list counts its matches up to this many and serves pages that start within them: a count or an
   * offset past it would read the index as far as the catalogue goes, so the cost of a list would grow
   * with the catalogue. The answer says when the count stopped (`totalCapped`: the page shows "1,000+").
   */
  CATALOGUE_MAX_COUNTED: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /**
   * How often an open notification stream gets a comment line, so proxies and browsers do not take a
   * quiet stream for a dead one (the web client gives up on one silent for 2 minutes).
   */
  NOTIFICATION_HEARTBEAT_MS: z.coerce.number().int().min(10).max(60_000).default(25_000),
  /**
   * How long a chat message may stay unread before its recipient gets one e-mail digest of the
   * conversation's unread messages (N of issue 13; one e-mail per burst, not per message).
   */
  CHAT_DIGEST_DELAY_MS: z.coerce.number().int().min(0).max(24 * 3_600_000).default(10 * 60_000),
  /** How long after its appointment's end a completed or cancelled booking's conversation stays open for writing. */
  CHAT_READ_ONLY_AFTER_HOURS: z.coerce.number().min(0).max(24 * 365).default(72),
  /**
   * Identity's base URL, for the admin's role change when a provider is approved; unset: the origin
   * of IDENTITY_JWKS_URL (identity serves both).
   */
  IDENTITY_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((url) => url?.replace(/\/+$/, '')),
});

export const bookingConfigSchema = baseServiceSchema
  .extend(bookingSettingsSchema.shape)
  .transform((env) => ({ ...env, SERVICE: { name: 'booking', inlineJobs: !env.REDIS_URL } }));

export type BookingConfig = z.infer<typeof bookingConfigSchema>;
