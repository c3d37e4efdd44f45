import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { BaseServiceConfig } from '../config/load-config.js';
import { buildDataSourceOptions, type DatabaseDefinition, ensureDatabaseExists } from './database-options.js';

/**
 * How a process treats its schema when it starts (`DATABASE_MIGRATIONS`):
 * - `run`: apply pending migrations (one process at a time, see withMigrationLock);
 * - `wait`: apply nothing and start only once the schema is current. Deployments whose migrations
 *   run as a separate step (the Kubernetes Job) use it, so a new version never serves against an
 *   unmigrated schema and replicas never migrate.
 */
export type MigrationMode = 'run' | 'wait';

/** How long a process waits for another one's migration before giving up. */
const LOCK_TIMEOUT_S = 600;
const WAIT_POLL_MS = 2_000;

/**
 * Runs `work` holding a MySQL/MariaDB named lock for this database, so processes that start together
 * (replicas, the migration Job, a seed) take turns: the first applies the migrations, the next find
 * nothing pending. SQLite is one process's file: nothing to coordinate.
 */
async function withMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'mysql') return work();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  // Lock names are at most 64 characters; a database name is too.
  const lock = `migrations:${String(dataSource.options.database)}`.slice(0, 64);
  try {
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS acquired', [lock, LOCK_TIMEOUT_S])) as { acquired: number | string | null }[];
    if (Number(row?.acquired) !== 1) throw new Error(`Another process has held the migration lock of ${String(dataSource.options.database)} for ${LOCK_TIMEOUT_S} s`);
    try {
      return await work();
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    }
  } finally {
    await runner.release();
  }
}

/** Applies every pending migration of an initialized data source, one process at a time. */
export function runMigrationsExclusively(dataSource: DataSource) {
  return withMigrationLock(dataSource, () => dataSource.runMigrations({ transaction: 'each' }));
}

/**
 * Brings the schema described by `options` up to date (`run`) or waits until another process has
 * (`wait`), with a data source of its own that is closed afterwards.
 */
export async function prepareSchema(
  options: DataSourceOptions,
  mode: MigrationMode,
  log: (message: string) => void = () => {},
): Promise<void> {
  const dataSource = new DataSource({ ...options, migrationsRun: false });
  await dataSource.initialize();
  try {
    if (mode === 'run') {
      const applied = await runMigrationsExclusively(dataSource);
      if (applied.length) log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
      return;
    }
    // Checked under the lock: the migrator may be creating the migrations table at that moment.
    while (await withMigrationLock(dataSource, () => dataSource.showMigrations())) {
      log('Waiting for the schema migrations to be applied (DATABASE_MIGRATIONS=wait)');
      await sleep(WAIT_POLL_MS);
    }
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The body of every service's `migrate.main.ts` (the migration Job's command): applies the service's
 * pending migrations, under the lock, and returns so the process can exit.
 */
export async function migrateDatabase(
  name: string,
  config: Pick<BaseServiceConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_NAME_PREFIX'>,
  definition: DatabaseDefinition,
): Promise<void> {
  const options = buildDataSourceOptions(config, definition);
  await ensureDatabaseExists(options);
  await prepareSchema(options, 'run', (message) => process.stdout.write(`[${name}] ${message}\n`));
  process.stdout.write(`[${name}] ${String(options.database)} is up to date\n`);
}
