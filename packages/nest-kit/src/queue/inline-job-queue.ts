import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { QueueName } from '@khidma/contracts';
import { currentTraceparent, inSpanFrom, SpanKind } from '../tracing/trace-context.js';
import { type AddJobOptions, type JobCounts, type JobHandler, JobQueue, JOB_ATTEMPTS, JOB_BACKOFF_MS } from './job-queue.js';

/** A job in hand, with the trace of whoever added it (BullMQ keeps that in the job's telemetry metadata). */
interface InlineJob {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  traceparent?: string;
}

/**
 * Embedded profile: jobs run in this process, after the current tick, with the same retry policy as
 * BullMQ. Jobs added before a handler registers wait for it.
 */
export class InlineJobQueue extends JobQueue {
  private readonly logger = new Logger('InlineJobQueue');
  private readonly handlers = new Map<QueueName, JobHandler<unknown>>();
  private readonly waiting = new Map<QueueName, Array<() => void>>();
  private readonly seen = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly tally = new Map<QueueName, JobCounts>();
  private closed = false;

  async add<T>(queue: QueueName, name: string, data: T, options: AddJobOptions = {}) {
    const id = options.jobId ?? randomUUID();
    if (this.seen.has(`${queue}:${id}`)) return;
    this.seen.add(`${queue}:${id}`);
    const delay = options.delayMs ?? 0;
    const traceparent = currentTraceparent();
    const run = () => this.run(queue, { id, name, data, attempt: 1, traceparent });
    if (this.handlers.has(queue)) this.schedule(queue, run, delay);
    else {
      const state = delay > 0 ? 'delayed' : 'waiting';
      this.count(queue, state, 1);
      this.waiting.set(queue, [
        ...(this.waiting.get(queue) ?? []),
        () => {
          this.count(queue, state, -1);
          this.schedule(queue, run, delay);
        },
      ]);
    }
  }

  process<T>(queue: QueueName, handler: JobHandler<T>) {
    this.handlers.set(queue, handler as JobHandler<unknown>);
    for (const start of this.waiting.get(queue) ?? []) start();
    this.waiting.delete(queue);
  }

  async counts(queue: QueueName): Promise<JobCounts> {
    return { ...this.counted(queue) };
  }

  /** Stops taking jobs and waits for the ones in hand, as a BullMQ worker does on close. */
  async close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.running]);
  }

  /** A job due now counts as waiting until its turn, a later one as delayed (BullMQ's states). */
  private schedule(queue: QueueName, fn: () => void, delay: number) {
    if (this.closed) return;
    const state = delay > 0 ? 'delayed' : 'waiting';
    this.count(queue, state, 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.count(queue, state, -1);
      fn();
    }, delay);
    this.timers.add(timer);
  }

  private run(queue: QueueName, job: InlineJob) {
    this.count(queue, 'active', 1);
    const attempt = this.attempt(queue, job).finally(() => {
      this.count(queue, 'active', -1);
      this.running.delete(attempt);
    });
    this.running.add(attempt);
  }

  private counted(queue: QueueName): JobCounts {
    let counts = this.tally.get(queue);
    if (!counts) this.tally.set(queue, (counts = { waiting: 0, active: 0, delayed: 0, failed: 0 }));
    return counts;
  }

  private count(queue: QueueName, state: keyof JobCounts, by: number) {
    this.counted(queue)[state] += by;
  }

  private async attempt(queue: QueueName, job: InlineJob) {
    try {
      const { traceparent, ...handed } = job;
      await inSpanFrom(traceparent, `process ${queue}`, SpanKind.CONSUMER, async () => {
        await this.handlers.get(queue)!(handed);
        this.logger.log(`Job ${queue}/${job.name} ${job.id} done`);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempt >= JOB_ATTEMPTS) {
        this.logger.error(`Job ${queue}/${job.name} ${job.id} failed for good: ${message}`);
        this.count(queue, 'failed', 1);
        return;
      }
      this.logger.warn(`Job ${queue}/${job.name} ${job.id} failed (attempt ${job.attempt}): ${message}`);
      const delay = JOB_BACKOFF_MS * 2 ** (job.attempt - 1);
      this.schedule(queue, () => this.run(queue, { ...job, attempt: job.attempt + 1 }), delay);
    }
  }
}
