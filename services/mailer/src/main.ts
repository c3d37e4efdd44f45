import { QUEUES } from '@khidma/contracts';
import { loadConfigOrExit } from '@khidma/nest-kit';
import { Logger } from '@nestjs/common';
import { MAILER_SERVICE, mailerConfigSchema } from './config.js';
import { createMailer } from './mailer.js';

const config = { ...loadConfigOrExit('mailer', mailerConfigSchema), SERVICE: MAILER_SERVICE };
await createMailer(config);
new Logger('Mailer').log(
  `Consuming the ${QUEUES.email} queue (prefix ${config.QUEUE_PREFIX}), sending ${config.SMTP_URL ? 'over SMTP' : `to ${config.DATA_DIR}/outbox`}`,
);
