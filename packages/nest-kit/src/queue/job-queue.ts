import type { QueueName } from '@khidma/contracts';

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  attempt: number;
}
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface AddJobOptions {
  /** Same id, same job: a second add with this id is ignored while the first is known. */
  jobId?: string;
  /** Runs the job no sooner than this many milliseconds from now. */
  delayMs?: number;
}

/** Jobs of one queue by state, as BullMQ's getJobCounts names them. */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * The job contract both profiles implement: BullMQ on Redis, or an in-process runner for the
 * embedded profile. Producers and handlers never know which one runs them.
 */
export abstract class JobQueue {
  abstract add<T>(queue: QueueName, name: string, data: T, options?: AddJobOptions): Promise<void>;
  /** Consumes `queue` in this process. */
  abstract process<T>(queue: QueueName, handler: JobHandler<T>, concurrency?: number): void;
  /** How many jobs `queue` holds in each state (read by /metrics). */
  abstract counts(queue: QueueName): Promise<JobCounts>;
  abstract close(): Promise<void>;
}

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 1000;
