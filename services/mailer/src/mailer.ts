import 'reflect-metadata';
import { createLogger, PinoNestLogger, type ServiceConfig } from '@khidma/nest-kit';
import { NestFactory } from '@nestjs/core';
import { MailerModule } from './mailer.module.js';

/** The worker as main.ts runs it (tests start this too): a Nest application context, no HTTP. */
export async function createMailer(config: ServiceConfig) {
  const app = await NestFactory.createApplicationContext(MailerModule.forRoot(config), {
    logger: new PinoNestLogger(createLogger('mailer', config.LOG_LEVEL)),
  });
  // SIGTERM / SIGINT close the context: the queue worker takes no new job and the job in hand is
  // finished (BullMQ's worker.close waits for it) before the process exits.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return app;
}
