import { migrationRoundTrip, testServiceConfig } from '@khidma/nest-kit/testing';
import { bookingDatabase } from '../src/database/booking-database.js';

/**
 * Every migration of booking's database (the outbox's included) has a working `down`: up, down one by
 * one to an empty database, up again gives the same schema. On MariaDB (TEST_MYSQL_URL) and SQLite.
 */
describe('booking migrations round trip', () => {
  const config = testServiceConfig('booking');
  afterAll(() => config.cleanup());

  it('reverts every migration to no tables and re-applies them to the same schema', async () => {
    const trip = await migrationRoundTrip(config, bookingDatabase);
    expect(trip.applied.length).toBe((bookingDatabase.migrations as unknown[]).length);
    expect(trip.reverted).toEqual([...trip.applied].reverse());
    expect(trip.tablesAfterDown).toEqual([]);
    expect(trip.second).toEqual(trip.first);
  });
});
