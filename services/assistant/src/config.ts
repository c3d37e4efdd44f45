import { DEFAULT_PORTS } from '@khidma/contracts';
import { baseServiceSchema, optionalUrl, port, type ServiceConfig } from '@khidma/nest-kit';
import { z } from 'zod';

export const assistantConfigSchema = baseServiceSchema.extend({
  PORT: port(DEFAULT_PORTS.assistant),
  /** Set to answer with an OpenAI-compatible model; unset (or empty) keeps the built-in engine. */
  OPENAI_API_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().optional(),
  ),
  /** Any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1; unset means api.openai.com. */
  OPENAI_BASE_URL: optionalUrl(['http', 'https']),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
});

export type AssistantConfig = z.infer<typeof assistantConfigSchema> & ServiceConfig;
