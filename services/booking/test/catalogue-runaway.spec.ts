import { fetchJson, usingMysql } from '@khidma/nest-kit/testing';
import type { ServiceListResponse } from '@khidma/contracts';
import { bookingTestConfig, bookingWithCatalogue } from './support.js';

/** More requests at once than booking's pool has connections (20), so a stuck pool would show. */
const CONCURRENT = 30;
const LIMIT_MS = 300;

/**
 * A catalogue read that runs away (here: blocked behind another session's table lock, as a slow
 * plan would block it behind its own work) is stopped by the server at CATALOGUE_QUERY_TIMEOUT_MS: the
 * request answers 503 query_timeout, and the pool comes out of it whole. SQLite runs in-process and
 * has no server-side limit; there the same tiny limit must leave the catalogue answering as usual.
 */
describe('a runaway catalogue read', () => {
  const config = bookingTestConfig({ CATALOGUE_CACHE_MS: 0, CATALOGUE_QUERY_TIMEOUT_MS: usingMysql() ? LIMIT_MS : 1 });
  const booking = bookingWithCatalogue(config);

  const list = (query = '') => fetchJson(`${booking.url}/api/services?sortBy=newest${query}`);

  if (usingMysql()) {
    it(`fails that request with 503 query_timeout, and the next requests succeed (${CONCURRENT} at once)`, async () => {
      const healthy = await list();
      expect(healthy.status).toBe(200);
      const { createConnection } = await import('mysql2/promise');
      const blocker = await createConnection(config.DATABASE_URL!);
      try {
        // A write lock from another session: every read of services now waits, as long as it is held.
        await blocker.query('LOCK TABLES services WRITE');
        const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => list(`&page=${i + 1}`)));
        expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(CONCURRENT).fill([503, 'query_timeout']));
        // Every pool connection came back: the service is ready while the lock is still held.
        expect((await fetchJson(`${booking.url}/readyz`)).status).toBe(200);
      } finally {
        await blocker.query('UNLOCK TABLES');
        await blocker.end();
      }
      const after = await Promise.all(Array.from({ length: CONCURRENT }, () => list()));
      expect(after.map((a) => a.status)).toEqual(Array(CONCURRENT).fill(200));
      expect((after[0]!.body as ServiceListResponse).services).toEqual((healthy.body as ServiceListResponse).services);
    });
  } else {
    it('leaves SQLite reads without a limit: a 1 ms setting still answers', async () => {
      const answers = await Promise.all([list(), list('&search=cleaning'), fetchJson(`${booking.url}/api/services/dog-walking`)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect((answers[0]!.body as ServiceListResponse).total).toBeGreaterThan(0);
    });
  }
});
