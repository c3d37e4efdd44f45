import 'reflect-metadata';
import { loadConfigOrExit, migrateDatabase } from '@khidma/nest-kit';
import { bookingConfigSchema } from './config.js';
import { bookingDatabase } from './database/booking-database.js';

// The migration Job's command (`npm run migrate`): brings the schema up to date, then exits, so
// replicas started with DATABASE_MIGRATIONS=wait never migrate themselves.
const NAME = 'booking-migrate';
await migrateDatabase(NAME, loadConfigOrExit(NAME, bookingConfigSchema), bookingDatabase);
