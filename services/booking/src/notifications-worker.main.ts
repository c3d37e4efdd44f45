import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createLogger, loadConfigOrExit, PinoNestLogger, serveWorkerMetrics } from '@khidma/nest-kit';
import { bookingConfigSchema } from './config.js';
import { WorkerModule } from './worker.module.js';

const NAME = 'booking-notifications';
const config = loadConfigOrExit(NAME, bookingConfigSchema);
if (!config.REDIS_URL) {
  // Without Redis the queue lives inside the booking HTTP process, which then consumes it itself;
  // a separate worker would wait on an empty queue of its own.
  process.stderr.write(`[${NAME}] REDIS_URL is required; without it the booking app handles notifications itself.\n`);
  process.exit(1);
}

const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
  logger: new PinoNestLogger(createLogger(NAME, config.LOG_LEVEL)),
});
// SIGTERM / SIGINT close the application: BullMQ workers finish their current jobs first.
app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
await app.init();
// No HTTP app: metrics get their own listener when METRICS_PORT is set (docs/observability.md).
await serveWorkerMetrics(app, config);
