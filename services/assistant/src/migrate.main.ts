import 'reflect-metadata';
import { loadConfigOrExit, migrateDatabase } from '@khidma/nest-kit';
import { assistantConfigSchema } from './config.js';
import { ASSISTANT_DATABASE } from './database.js';

// The migration Job's command (`npm run migrate`): brings the schema up to date, then exits, so
// replicas started with DATABASE_MIGRATIONS=wait never migrate themselves.
const NAME = 'assistant-migrate';
await migrateDatabase(NAME, loadConfigOrExit(NAME, assistantConfigSchema), ASSISTANT_DATABASE);
