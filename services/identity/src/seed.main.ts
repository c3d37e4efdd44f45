import 'reflect-metadata';
import { buildDataSourceOptions, ensureDatabaseExists, loadConfigOrExit, millisecondSqliteDates, runMigrationsExclusively } from '@khidma/nest-kit';
import { DataSource } from 'typeorm';
import { identityConfigSchema } from './config.js';
import { IDENTITY_DATABASE } from './database.js';
import { seedDemoUsers } from './seed/seed-demo-users.js';
import { PasswordHasher } from './users/password-hasher.js';

// The seed needs only the database: no HTTP server, queues or mail, hence no Nest application.
const config = loadConfigOrExit('identity-seed', identityConfigSchema);
const options = buildDataSourceOptions(config, IDENTITY_DATABASE);
await ensureDatabaseExists(options);
const dataSource = millisecondSqliteDates(new DataSource(options));
await dataSource.initialize();
try {
  await runMigrationsExclusively(dataSource);
  const report = await seedDemoUsers(dataSource, new PasswordHasher());
  process.stdout.write(
    `[identity-seed] demo users: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged\n`,
  );
} finally {
  await dataSource.destroy();
}
