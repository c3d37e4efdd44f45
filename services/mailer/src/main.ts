import { QUEUES } from '@khidma/contracts';
import { loadConfigOrExit, serveWorkerMetrics } from '@khidma/nest-kit';
import { Logger } from '@nestjs/common';
import { MAILER_SERVICE, mailerConfigSchema } from './config.js';
import { createMailer } from './mailer.js';

const config = { ...loadConfigOrExit('mailer', mailerConfigSchema), SERVICE: MAILER_SERVICE };
const mailer = await createMailer(config);
// No HTTP app: metrics get their own listener when METRICS_PORT is set (docs/observability.md).
await serveWorkerMetrics(mailer, config);
new Logger('Mailer').log(
  `Consuming the ${QUEUES.email} queue (prefix ${config.QUEUE_PREFIX}), sending ${config.SMTP_URL ? 'over SMTP' : `to ${config.DATA_DIR}/outbox`}`,
);
