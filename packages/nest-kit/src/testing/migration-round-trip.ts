import { DataSource } from 'typeorm';
import type { BaseServiceConfig } from '../config/load-config.js';
import { buildDataSourceOptions, type DatabaseDefinition, ensureDatabaseExists } from '../database/database-options.js';

/** TypeORM's own bookkeeping table: it stays (empty) after every migration is reverted. */
const MIGRATIONS_TABLE = 'migrations';

export type SchemaSnapshot = Record<string, unknown[]>;

/**
 * The schema as the engine describes it: columns (type, nullability, default), indexes, foreign keys
 * and triggers from information_schema on MySQL/MariaDB; every object's SQL from sqlite_master on SQLite.
 */
export async function schemaSnapshot(dataSource: DataSource): Promise<SchemaSnapshot> {
  if (dataSource.options.type !== 'mysql') {
    return {
      objects: await dataSource.query("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"),
    };
  }
  const q = (sql: string) => dataSource.query(sql);
  return {
    tables: await q('SELECT TABLE_NAME, ENGINE, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME'),
    columns: await q(
      `SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA, CHARACTER_SET_NAME, COLLATION_NAME
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    ),
    indexes: await q(
      `SELECT TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE, INDEX_TYPE, SUB_PART
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    ),
    foreignKeys: await q(
      `SELECT k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION, k.COLUMN_NAME, k.REFERENCED_TABLE_NAME, k.REFERENCED_COLUMN_NAME, r.UPDATE_RULE, r.DELETE_RULE
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
       WHERE k.TABLE_SCHEMA = DATABASE() ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    ),
    triggers: await q(
      `SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, EVENT_MANIPULATION, ACTION_TIMING, ACTION_STATEMENT
       FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY TRIGGER_NAME`,
    ),
  };
}

/** Tables (and views) other than the migrations table. */
async function userTables(dataSource: DataSource): Promise<string[]> {
  const rows: { name: string }[] =
    dataSource.options.type === 'mysql'
      ? await dataSource.query('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME')
      : await dataSource.query("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name");
  return rows.map((row) => row.name).filter((name) => name !== MIGRATIONS_TABLE);
}

export interface MigrationRoundTrip {
  /** Every migration's name, in the order it was applied. */
  applied: string[];
  /** The migrations reverted, one `down` at a time, latest first. */
  reverted: string[];
  /** Tables left once every migration was reverted (should be none). */
  tablesAfterDown: string[];
  first: SchemaSnapshot;
  /** After up again; null when tables were left behind (re-applying would only fail on them). */
  second: SchemaSnapshot | null;
}

/**
 * Runs every migration of `definition` up on a fresh database of `config`'s profile, reverts them one
 * by one to empty, and runs them up again: a `down` that is missing, incomplete or wrong shows as a
 * table left behind, a failed revert or re-apply, or a schema that differs from the first one.
 */
export async function migrationRoundTrip(
  config: Pick<BaseServiceConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_NAME_PREFIX'>,
  definition: DatabaseDefinition,
): Promise<MigrationRoundTrip> {
  const options = buildDataSourceOptions(config, definition);
  await ensureDatabaseExists(options);
  const dataSource = new DataSource({ ...options, migrationsRun: false });
  await dataSource.initialize();
  try {
    const applied = (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
    const first = await schemaSnapshot(dataSource);
    const reverted: string[] = [];
    for (;;) {
      const [last] = (await dataSource.query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY timestamp DESC, id DESC LIMIT 1`)) as { name: string }[];
      if (!last) break;
      await dataSource.undoLastMigration({ transaction: 'each' });
      reverted.push(last.name);
    }
    const tablesAfterDown = await userTables(dataSource);
    if (tablesAfterDown.length) return { applied, reverted, tablesAfterDown, first, second: null };
    await dataSource.runMigrations({ transaction: 'each' });
    const second = await schemaSnapshot(dataSource);
    return { applied, reverted, tablesAfterDown, first, second };
  } finally {
    await dataSource.destroy();
  }
}
