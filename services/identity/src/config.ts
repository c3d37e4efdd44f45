import { DEFAULT_PORTS } from '@khidma/contracts';
import { baseServiceSchema, port, type ServiceConfig } from '@khidma/nest-kit';
import { z } from 'zod';

export const identityConfigSchema = baseServiceSchema.extend({
  PORT: port(DEFAULT_PORTS.identity),
  /** The account the server treats as the designated admin (spec §6, ARCHITECTURE §5). */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an e-mail address' }))
    .default('admin@khidma.test'),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema> & ServiceConfig;
