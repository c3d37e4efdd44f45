import 'reflect-metadata';
import { buildDataSourceOptions, ensureDatabaseExists, loadConfigOrExit } from '@khidma/nest-kit';
import { DataSource } from 'typeorm';
import { bookingConfigSchema } from './config.js';
import { bookingDatabase } from './database/booking-database.js';
import { seedCatalogue } from './seed/seed-catalogue.js';

const config = loadConfigOrExit('booking-seed', bookingConfigSchema);
const options = buildDataSourceOptions(config, bookingDatabase);
await ensureDatabaseExists(options);
// The seed may run first on a fresh machine: bring the schema up to date before writing.
const dataSource = new DataSource({ ...options, migrationsRun: true });
await dataSource.initialize();
try {
  const report = await seedCatalogue(dataSource);
  const line = Object.entries(report)
    .map(([table, { inserted, updated }]) => `${table}: ${inserted} inserted, ${updated} updated`)
    .join('; ');
  process.stdout.write(`[booking-seed] ${line}\n`);
} finally {
  await dataSource.destroy();
}
