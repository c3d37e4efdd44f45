import 'reflect-metadata';
import { loadConfigOrExit, migrateDatabase } from '@khidma/nest-kit';
import { identityConfigSchema } from './config.js';
import { IDENTITY_DATABASE } from './database.js';

// The migration Job's command (`npm run migrate`): brings the schema up to date, then exits, so
// replicas started with DATABASE_MIGRATIONS=wait never migrate themselves.
const NAME = 'identity-migrate';
await migrateDatabase(NAME, loadConfigOrExit(NAME, identityConfigSchema), IDENTITY_DATABASE);
