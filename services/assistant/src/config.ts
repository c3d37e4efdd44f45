import { DEFAULT_PORTS } from '@khidma/contracts';
import { baseServiceSchema, isTimeZone, optionalUrl, port, type ServiceConfig } from '@khidma/nest-kit';
import { z } from 'zod';

/** The assistant's own variables; tests parse this alone to get its defaults beside a throwaway base config. */
export const assistantSettingsSchema = z.object({
  PORT: port(DEFAULT_PORTS.assistant),
  /** Set to answer with an OpenAI-compatible model; unset (or empty) keeps the built-in engine. */
  OPENAI_API_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().optional(),
  ),
  /** Any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1; unset means api.openai.com. */
  OPENAI_BASE_URL: optionalUrl(['http', 'https']),
  OPENAI_MODEL: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).default('gpt-4o-mini')),
  /** How long the model may take (each completion) before the built-in engine answers instead. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** The public API the assistant acts through, as the signed-in user (the gateway). */
  GATEWAY_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://127.0.0.1:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /** The zone "tomorrow at 10" is read in: the marketplace's, as booking reads slots. */
  MARKETPLACE_TIMEZONE: z
    .string()
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Amman' })
    .default('Asia/Amman'),
  /** Signs confirmation tokens; unset: a random key kept in DATA_DIR (made on first start). */
  ASSISTANT_SIGNING_SECRET: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(32).optional()),
  /** How long a proposal may be confirmed. */
  CONFIRMATION_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /** Messages per minute to every assistant route, per signed-in user and per client address. */
  ASSISTANT_RATE_PER_USER: z.coerce.number().int().min(1).default(30),
  ASSISTANT_RATE_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Peers whose `x-forwarded-for` is believed (the gateway), for the per-IP limit. */
});

export const assistantConfigSchema = baseServiceSchema.extend(assistantSettingsSchema.shape);

export type AssistantConfig = z.infer<typeof assistantConfigSchema> & ServiceConfig;
