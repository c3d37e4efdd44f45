import { migrationRoundTrip, testServiceConfig } from '@khidma/nest-kit/testing';
import { ASSISTANT_DATABASE } from '../src/database.js';

/**
 * Every migration of assistant's database (the outbox's included) has a working `down`: up, down one by
 * one to an empty database, up again gives the same schema. On MariaDB (TEST_MYSQL_URL) and SQLite.
 */
describe('assistant migrations round trip', () => {
  const config = testServiceConfig('assistant');
  afterAll(() => config.cleanup());

  it('reverts every migration to no tables and re-applies them to the same schema', async () => {
    const trip = await migrationRoundTrip(config, ASSISTANT_DATABASE);
    expect(trip.applied.length).toBe((ASSISTANT_DATABASE.migrations as unknown[]).length);
    expect(trip.reverted).toEqual([...trip.applied].reverse());
    expect(trip.tablesAfterDown).toEqual([]);
    expect(trip.second).toEqual(trip.first);
  });
});
