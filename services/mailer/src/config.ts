import { baseServiceSchema, type ServiceIdentity } from '@khidma/nest-kit';
import { z } from 'zod';

const REDIS_REQUIRED =
  'required (redis://host:port): the e-mail worker consumes the e-mail queue on Redis. ' +
  'Without Redis there is nothing for it to do: each service then sends its own mail in-process.';

export const mailerConfigSchema = baseServiceSchema.extend({
  // Required here, unlike in the services, which fall back to in-process jobs without it.
  REDIS_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: REDIS_REQUIRED })
      .url()
      .refine((value) => /^rediss?:/.test(value), {
        message: 'must start with redis:// or rediss://',
      }),
  ),
});

/**
 * The mailer produces no jobs of its own and consumes the e-mail queue itself (MailerModule), so
 * CoreModule must not add its in-process consumer beside it.
 */
export const MAILER_SERVICE: ServiceIdentity = { name: 'mailer', inlineJobs: false };
