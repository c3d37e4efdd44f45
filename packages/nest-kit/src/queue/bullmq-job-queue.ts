import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { QueueName } from '@khidma/contracts';
import { type AddJobOptions, type JobHandler, JobQueue, JOB_ATTEMPTS, JOB_BACKOFF_MS } from './job-queue.js';

const connectionFrom = (redisUrl: string) => {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
};

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
      async (job) => handler({ id: job.id!, name: job.name, data: job.data as T, attempt: job.attemptsMade + 1 }),
      {
        connection: { ...connectionFrom(this.redisUrl), maxRetriesPerRequest: null },
        prefix: this.prefix,
        concurrency,
      },
    );
    worker.on('failed', (job, error) =>
      this.logger.warn(`Job ${queue}/${job?.name} ${job?.id} failed: ${error.message}`),
    );
    worker.on('error', (error) => this.logger.warn(`Worker for ${queue}: ${error.message}`));
    this.workers.push(worker);
  }

  async close() {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      // No offline queue: while Redis is down `add` fails at once, so the outbox keeps the event
      // and its relay tries again, instead of a call that hangs.
      queue = new Queue(name, {
        connection: { ...connectionFrom(this.redisUrl), enableOfflineQueue: false, maxRetriesPerRequest: 1 },
        prefix: this.prefix,
      });
      queue.on('error', (error) => this.logger.warn(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }
}
