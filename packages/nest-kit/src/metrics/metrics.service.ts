import { Inject, Injectable, Optional } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { QUEUES } from '@khidma/contracts';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { OutboxMessage } from '../outbox/outbox.entities.js';
import { JobQueue } from '../queue/job-queue.js';

/** Route label of requests no route matched: the raw URL would give every scanner's probe its own series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Options of the Metrics provider, set by CoreModule.forRoot. */
export const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');
export interface MetricsOptions {
  /** Report the job queues' depths (false where the process neither produces nor consumes jobs: the gateway). */
  queues: boolean;
}

/** The subset of mysql2's pool the gauges read; mysql2 keeps these queues as underscore fields, its only exposure. */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/**
 * This process's Prometheus registry (docs/observability.md lists every series). Point-in-time values
 * (outbox, queues, pool) are read when scraped, so an idle process costs nothing between scrapes.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    @Inject(METRICS_OPTIONS) options: MetricsOptions,
    private readonly jobs: JobQueue,
    @Optional() @Inject(getDataSourceToken()) private readonly dataSource?: DataSource,
  ) {
    this.registry.setDefaultLabels({ service: config.SERVICE.name });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    if (options.queues) this.registerQueueGauges();
    if (dataSource?.hasMetadata(OutboxMessage)) this.registerOutboxGauges(dataSource);
    if (dataSource?.options.type === 'mysql' || dataSource?.options.type === 'mariadb') this.registerPoolGauges(dataSource);
    // SQLite (embedded profile) has one connection and no pool to report.
  }

  observeHttp(method: string, route: string | undefined, statusCode: number, seconds: number) {
    this.httpDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) }, seconds);
  }

  private registerQueueGauges() {
    const jobs = this.jobs;
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs in each queue by state (BullMQ getJobCounts on Redis; the in-process queue otherwise)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const queue of Object.values(QUEUES)) {
          const counts = await jobs.counts(queue);
          for (const [state, value] of Object.entries(counts)) this.set({ queue, state }, value);
        }
      },
    });
  }

  private registerOutboxGauges(dataSource: DataSource) {
    // One query over idx_outbox_unpublished (publishedAt, createdAt) feeds both gauges.
    let pending: Promise<{ count: number; ageSeconds: number }> | undefined;
    const read = () =>
      (pending ??= (async () => {
        const raw = await dataSource
          .getRepository(OutboxMessage)
          .createQueryBuilder('m')
          .select('COUNT(*)', 'count')
          .addSelect('MIN(m.createdAt)', 'oldest')
          .where('m.publishedAt IS NULL')
          .getRawOne<{ count: string | number; oldest: unknown }>();
        const column = dataSource.getMetadata(OutboxMessage).findColumnWithPropertyName('createdAt')!;
        const oldest = raw?.oldest == null ? undefined : (dataSource.driver.prepareHydratedValue(raw.oldest, column) as Date);
        return { count: Number(raw?.count ?? 0), ageSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0 };
      })().finally(() => (pending = undefined)));
    new Gauge({
      name: 'outbox_pending_messages',
      help: 'Outbox rows not yet handed to the job queue',
      registers: [this.registry],
      async collect() {
        this.set((await read()).count);
      },
    });
    new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest outbox row not yet handed to the job queue (0 when none)',
      registers: [this.registry],
      async collect() {
        this.set((await read()).ageSeconds);
      },
    });
  }

  private registerPoolGauges(dataSource: DataSource) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'mysql2 pool: open connections (all), idle ones (free), and requests waiting for one (queued)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const pool = (dataSource.driver as unknown as { pool?: Mysql2Pool }).pool;
        if (!pool) return;
        this.set({ state: 'all' }, pool._allConnections?.length ?? 0);
        this.set({ state: 'free' }, pool._freeConnections?.length ?? 0);
        this.set({ state: 'queued' }, pool._connectionQueue?.length ?? 0);
      },
    });
  }
}
