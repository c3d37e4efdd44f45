import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { type DomainEvent, QUEUES, type QueueName } from '@khidma/contracts';
import { DataSource, type EntityManager, IsNull, QueryFailedError } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { outsideTransactions } from '../database/sqlite-transactions.js';
import { JobQueue } from '../queue/job-queue.js';
import { currentTraceparent, inSpanFrom, SpanKind } from '../tracing/trace-context.js';
import { OutboxMessage, ProcessedMessage } from './outbox.entities.js';

const RELAY_INTERVAL_MS = 250;
const RELAY_BATCH = 100;

@Injectable()
export class OutboxService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer?: NodeJS.Timeout;
  private relaying?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  /** Queues a job in the caller's transaction: it leaves only if that transaction commits. */
  async enqueue<T>(manager: EntityManager, queue: QueueName, name: string, payload: T): Promise<string> {
    const id = randomUUID();
    await manager.insert(OutboxMessage, { id, queue, name, payload: payload as object, publishedAt: null, attempts: 0, traceparent: currentTraceparent() ?? null });
    this.wake();
    return id;
  }

  /** Records a domain event for the workers (notifications, e-mail …) in the caller's transaction. */
  async publishEvent<T extends Record<string, unknown>>(manager: EntityManager, type: string, payload: T) {
    const id = randomUUID();
    const event: DomainEvent<T> = {
      id,
      type,
      source: this.config.SERVICE.name as DomainEvent['source'],
      occurredAt: new Date().toISOString(),
      payload,
    };
    await manager.insert(OutboxMessage, {
      id,
      queue: QUEUES.domainEvents,
      name: type,
      payload: event,
      publishedAt: null,
      attempts: 0,
      traceparent: currentTraceparent() ?? null,
    });
    this.wake();
    return id;
  }

  /**
   * Runs `effect` once per (message, consumer): the marker row and the effect commit together, so a
   * redelivered job finds the marker and does nothing.
   */
  async once(consumer: string, messageId: string, effect: (manager: EntityManager) => Promise<void>) {
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(ProcessedMessage, { messageId, consumer });
        await effect(manager);
      });
      return true;
    } catch (error) {
      if (error instanceof QueryFailedError && /duplicate|unique/i.test(error.message)) return false;
      throw error;
    }
  }

  onApplicationBootstrap() {
    this.timer = setInterval(() => this.wake(), RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.relaying;
  }

  /**
   * Publishes what is waiting; one relay pass at a time in this process. Woken from inside a
   * transaction (enqueue), the pass still runs outside it and sees only what was committed.
   */
  wake() {
    if (this.relaying) return;
    // A pass publishes other requests' rows too: it belongs to no request's trace (each row's job does).
    this.relaying = context.with(ROOT_CONTEXT, () => outsideTransactions(() => this.relay()))
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`Relay pass failed: ${error.message}`))
      .finally(() => (this.relaying = undefined));
  }

  /** Drains the outbox; returns how many messages were published. */
  async relay(): Promise<number> {
    if (!this.dataSource.isInitialized) return 0;
    const repository = this.dataSource.getRepository(OutboxMessage);
    const pending = await repository.find({
      where: { publishedAt: IsNull() },
      order: { createdAt: 'ASC' },
      take: RELAY_BATCH,
    });
    let published = 0;
    for (const message of pending) {
      try {
        // The row id is the job id, so two relays publishing the same row make one job. The job
        // continues the trace of the request that wrote the row.
        await inSpanFrom(message.traceparent, `outbox publish ${message.queue}`, SpanKind.PRODUCER, (span) => {
          span.setAttributes({ 'messaging.message.id': message.id, 'outbox.wait_ms': Date.now() - message.createdAt.getTime() });
          return this.jobs.add(message.queue as QueueName, message.name, message.payload, { jobId: message.id });
        });
        await repository.update(message.id, { publishedAt: new Date(), attempts: message.attempts + 1 });
        published++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await repository.update(message.id, { attempts: message.attempts + 1, lastError: reason.slice(0, 500) });
        // The queue is down: stop this pass, the next one retries in order.
        break;
      }
    }
    return published;
  }
}
