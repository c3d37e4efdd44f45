import { type DynamicModule, Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from './config/service-config.js';
import { HealthController } from './health/health.controller.js';
import { RedisProbe } from './health/redis-probe.js';
import { EmailConsumer } from './mail/email.consumer.js';
import { MailService } from './mail/mail.service.js';
import { Metrics, METRICS_OPTIONS } from './metrics/metrics.service.js';
import { OUTBOX_ENTITIES } from './outbox/outbox.entities.js';
import { OutboxService } from './outbox/outbox.service.js';
import { BullMqJobQueue } from './queue/bullmq-job-queue.js';
import { InlineJobQueue } from './queue/inline-job-queue.js';
import { JobQueue } from './queue/job-queue.js';
import { RateLimitGuard } from './throttling/rate-limit.guard.js';
import { RateLimiters } from './throttling/rate-limiters.js';
import { Tracing } from './tracing/tracing.js';

export interface CoreModuleOptions {
  config: ServiceConfig;
  /** Serve /healthz and /readyz (HTTP services; workers have no HTTP). */
  health?: boolean;
  /** Report job queue depths in /metrics (false where the process has no queues of its own: the gateway). */
  queueMetrics?: boolean;
}

/**
 * The platform every service and worker stands on: its validated config, tracing, the job queue of
 * its profile, e-mail delivery and health endpoints.
 */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  constructor(private readonly jobs: JobQueue) {}

  static forRoot({ config, health = true, queueMetrics = true }: CoreModuleOptions): DynamicModule {
    const metrics = config.METRICS_ENABLED ? [Metrics, { provide: METRICS_OPTIONS, useValue: { queues: queueMetrics } }] : [];
    return {
      module: CoreModule,
      controllers: health ? [HealthController] : [],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: Tracing, useFactory: () => new Tracing({ service: config.SERVICE.name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }) },
        {
          provide: JobQueue,
          // After Tracing: BullMQ's telemetry takes its tracer from the provider registered then.
          inject: [Tracing],
          useFactory: () =>
            config.REDIS_URL ? new BullMqJobQueue(config.REDIS_URL, config.QUEUE_PREFIX) : new InlineJobQueue(),
        },
        RedisProbe,
        MailService,
        ...metrics,
        // HTTP services limit request rates; workers have no requests to count.
        ...(health ? [RateLimiters, RateLimitGuard] : []),
        // Embedded profile: nobody else would send this service's mail, so it does it itself.
        ...(config.SERVICE.inlineJobs ? [EmailConsumer] : []),
      ],
      exports: [SERVICE_CONFIG, JobQueue, MailService, RedisProbe, ...(config.METRICS_ENABLED ? [Metrics] : []), ...(health ? [RateLimiters, RateLimitGuard] : [])],
    };
  }

  async onApplicationShutdown() {
    await this.jobs.close();
  }
}

/** Transactional outbox and inbox for a service that owns a database. */
@Module({
  imports: [TypeOrmModule.forFeature(OUTBOX_ENTITIES)],
  providers: [OutboxService],
  exports: [OutboxService],
})
export class OutboxModule {}

