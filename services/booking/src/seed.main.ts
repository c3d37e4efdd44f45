import 'reflect-metadata';
import { bulkCatalogue } from '@khidma/demo-data';
import { buildDataSourceOptions, ensureDatabaseExists, loadConfigOrExit, millisecondSqliteDates, runMigrationsExclusively } from '@khidma/nest-kit';
import { DataSource } from 'typeorm';
import { bookingConfigSchema } from './config.js';
import { bookingDatabase } from './database/booking-database.js';
import { seedActivity } from './seed/seed-activity.js';
import { seedPromotions } from './seed/seed-promotions.js';
import { seedSpecialHours } from './seed/seed-regional.js';
import { seedBulkCatalogue, seedCatalogue, type SeedReport } from './seed/seed-catalogue.js';

/** `--bulk-services=N` adds N generated services (and their providers and reviews) for load tests. */
const bulkArgument = process.argv.find((arg) => arg.startsWith('--bulk-services='));
const bulkServices = bulkArgument ? Number(bulkArgument.split('=')[1]) : 0;
if (!Number.isInteger(bulkServices) || bulkServices < 0) {
  process.stderr.write(`[booking-seed] --bulk-services must be a whole number, got ${bulkArgument}\n`);
  process.exit(2);
}
const print = (label: string, report: SeedReport) =>
  process.stdout.write(
    `[booking-seed] ${label}: ${Object.entries(report)
      .map(([table, counts]) => `${table}: ${Object.entries(counts).map(([what, n]) => `${n} ${what}`).join(', ')}`)
      .join('; ')}\n`,
  );

const config = loadConfigOrExit('booking-seed', bookingConfigSchema);
const options = buildDataSourceOptions(config, bookingDatabase);
await ensureDatabaseExists(options);
// The seed may run first on a fresh machine: bring the schema up to date before writing.
const dataSource = millisecondSqliteDates(new DataSource(options));
await dataSource.initialize();
try {
  await runMigrationsExclusively(dataSource);
  print('demo', await seedCatalogue(dataSource));
  const activity = await seedActivity(dataSource, config.MARKETPLACE_TIMEZONE);
  process.stdout.write(
    activity.written
      ? `[booking-seed] demo activity around ${activity.today}: ${activity.bookings} bookings, ${activity.payments} payments, ${activity.notifications} notifications, ${activity.messages} messages, ${activity.reviews} reviews\n`
      : `[booking-seed] demo activity around ${activity.today}: already there\n`,
  );
  const promotions = await seedPromotions(dataSource, activity.today);
  process.stdout.write(`[booking-seed] demo promo codes: ${promotions.created.join(', ') || 'already there'}\n`);
  const special = await seedSpecialHours(dataSource, activity.today);
  process.stdout.write(`[booking-seed] demo special hours: ${special.created ? `${special.created} declared` : 'already there'}\n`);
  if (bulkServices) print(`bulk ${bulkServices}`, await seedBulkCatalogue(dataSource, bulkCatalogue(bulkServices)));
} finally {
  await dataSource.destroy();
}
