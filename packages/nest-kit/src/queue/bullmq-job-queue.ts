import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import type { QueueName } from '@khidma/contracts';
import { type AddJobOptions, type JobCounts, type JobHandler, JobQueue, JOB_ATTEMPTS, JOB_BACKOFF_MS } from './job-queue.js';

const connectionFrom = (redisUrl: string) => {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // Reconnect within 2 s of Redis coming back (BullMQ's default backs off to 20 s), so the outbox
    // relay and the workers resume promptly after an outage.
    retryStrategy: (times: number) => Math.min(250 * times, 2_000),
  };
};

const CLOSE_TIMEOUT_MS = 5_000;

/**
 * BullMQ's own OpenTelemetry hooks: `add` stores the active trace context with the job, the worker
 * runs the handler in a consumer span continuing it, so the job's log lines carry the producer's trace id.
 */
const telemetry = () => new BullMQOtel({ tracerName: '@khidma/nest-kit' });

/** Production profile: BullMQ on Redis. */
export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('BullMqJobQueue');
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix = 'khidma',
  ) {
    super();
  }

  async add<T>(queue: QueueName, name: string, data: T, options: AddJobOptions = {}) {
    await this.queue(queue).add(name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: JOB_BACKOFF_MS },
      // Completed jobs stay a day so a re-added job id is still recognised as done.
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  process<T>(queue: QueueName, handler: JobHandler<T>, concurrency = 5) {
    const worker = new Worker(
      queue,
      async (job) => {
        await handler({ id: job.id!, name: job.name, data: job.data as T, attempt: job.attemptsMade + 1 });
        this.logger.log(`Job ${queue}/${job.name} ${job.id} done`);
      },
      {
        connection: { ...connectionFrom(this.redisUrl), maxRetriesPerRequest: null },
        prefix: this.prefix,
        concurrency,
        telemetry: telemetry(),
      },
    );
    worker.on('failed', (job, error) =>
      this.logger.warn(`Job ${queue}/${job?.name} ${job?.id} failed: ${error.message}`),
    );
    worker.on('error', (error) => this.logger.warn(`Worker for ${queue}: ${error.message}`));
    this.workers.push(worker);
  }

  async counts(queue: QueueName): Promise<JobCounts> {
    const { waiting = 0, active = 0, delayed = 0, failed = 0 } = await this.queue(queue).getJobCounts('waiting', 'active', 'delayed', 'failed');
    return { waiting, active, delayed, failed };
  }

  /**
   * Graceful close, bounded: a queue whose connection never became ready (made during a Redis
   * outage) would wait for Redis forever, so after CLOSE_TIMEOUT_MS its connections are dropped.
   */
  async close() {
    const graceful = (async () => {
      await Promise.all(this.workers.map((worker) => worker.close()));
      await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    })();
    graceful.catch(() => undefined);
    if (await settlesWithin(graceful, CLOSE_TIMEOUT_MS)) return;
    this.logger.warn(`Redis did not answer within ${CLOSE_TIMEOUT_MS} ms of closing; connections dropped`);
    // A worker whose blocking connection is stuck can wait on its disconnect too: bounded as well.
    const dropped = Promise.allSettled([...this.workers, ...this.queues.values()].map((client) => client.disconnect()));
    await settlesWithin(dropped, CLOSE_TIMEOUT_MS);
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      // No offline queue: while Redis is down `add` fails at once, so the outbox keeps the event
      // and its relay tries again, instead of a call that hangs.
      queue = new Queue(name, {
        connection: { ...connectionFrom(this.redisUrl), enableOfflineQueue: false, maxRetriesPerRequest: 1 },
        prefix: this.prefix,
        telemetry: telemetry(),
      });
      queue.on('error', (error) => this.logger.warn(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }
}

/** True when `promise` settles within `ms`, false when the time runs out first. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return settled;
}
