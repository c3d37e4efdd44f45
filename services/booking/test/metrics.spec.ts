import { QUEUES } from '@khidma/contracts';
import { OutboxMessage, OutboxService } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bookingTestConfig, startBooking } from './support.js';

/** One sample of the Prometheus text format: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels: Record<string, string> = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with this name whose labels include `labels`; undefined when none. */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('GET /metrics (booking)', () => {
  const config = bookingTestConfig();
  let started: Awaited<ReturnType<typeof startBooking>>;

  beforeAll(async () => {
    started = await startBooking(config);
  });
  afterAll(async () => {
    await started?.app.close();
    await config.cleanup();
  });

  const scrape = async () => {
    const response = await fetch(`${started.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await response.text());
  };
  const requestCount = (samples: Sample[], route: string, status: string) =>
    sample(samples, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status }) ?? 0;

  it('is served outside /api to a caller without a token, with the process metrics', async () => {
    const samples = await scrape();
    expect(sample(samples, 'process_cpu_user_seconds_total', { service: 'booking' })).toBeGreaterThan(0);
    expect((await fetch(`${started.url}/api/metrics`)).status).toBe(404);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await fetch(`${started.url}/api/service-categories`)).status).toBe(200);
    for (const slug of ['no-such-service-1', 'no-such-service-2']) expect((await fetch(`${started.url}/api/services/${slug}`)).status).toBe(404);
    expect((await fetch(`${started.url}/api/no-such-route/${randomUUID()}`)).status).toBe(404);
    const after = await scrape();

    expect(requestCount(after, '/api/service-categories', '200') - requestCount(before, '/api/service-categories', '200')).toBe(3);
    expect(requestCount(after, '/api/services/:idOrSlug', '404') - requestCount(before, '/api/services/:idOrSlug', '404')).toBe(2);
    expect(requestCount(after, 'unmatched', '404') - requestCount(before, 'unmatched', '404')).toBe(1);
    // Bucket series carry the same labels; no series names a raw path.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('no-such')))).toBe(false);
    expect(sample(after, 'http_request_duration_seconds_bucket', { route: '/api/service-categories', status_code: '200', le: '+Inf' })).toBe(
      requestCount(after, '/api/service-categories', '200'),
    );
  });

  it('reports every queue by state, on the profile in use (BullMQ on Redis, in-process otherwise)', async () => {
    const samples = await scrape();
    for (const queue of Object.values(QUEUES)) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sample(samples, 'job_queue_jobs', { queue, state })).toEqual(expect.any(Number));
      }
    }
  });

  it('reports the pool of the MySQL driver and none for SQLite', async () => {
    const samples = await scrape();
    if (config.DATABASE_URL) {
      expect(sample(samples, 'db_pool_connections', { state: 'all' })).toBeGreaterThanOrEqual(1);
      expect(sample(samples, 'db_pool_connections', { state: 'free' })).toEqual(expect.any(Number));
      expect(sample(samples, 'db_pool_connections', { state: 'queued' })).toBe(0);
    } else {
      expect(sample(samples, 'db_pool_connections', { state: 'all' })).toBeUndefined();
    }
  });

  // Last: it stops the outbox relay, as shutdown does, so a row stays undispatched while scraped.
  it('reports the undispatched outbox rows and the age of the oldest', async () => {
    const outbox = started.app.get(OutboxService);
    const dataSource = started.app.get(DataSource);
    await outbox.onApplicationShutdown();
    await outbox.relay();
    const drained = await scrape();
    expect(sample(drained, 'outbox_pending_messages')).toBe(0);
    expect(sample(drained, 'outbox_oldest_pending_age_seconds')).toBe(0);

    const id = randomUUID();
    await dataSource.getRepository(OutboxMessage).insert({ id, queue: QUEUES.email, name: 'metrics-test', payload: {}, publishedAt: null, attempts: 0 });
    await dataSource.createQueryBuilder().update(OutboxMessage).set({ createdAt: new Date('2000-01-01T00:00:00.000Z') }).where('id = :id', { id }).execute();
    const waiting = await scrape();
    expect(sample(waiting, 'outbox_pending_messages')).toBe(1);
    // Older than 2000-01-01 is older than 25 years, whatever today is.
    expect(sample(waiting, 'outbox_oldest_pending_age_seconds')).toBeGreaterThan(25 * 365 * 24 * 3600);

    expect(await outbox.relay()).toBe(1);
    expect(sample(await scrape(), 'outbox_pending_messages')).toBe(0);
  });
});
