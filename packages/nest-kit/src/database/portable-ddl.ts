import type { QueryRunner } from 'typeorm';

/** Whatever runs statements on a data source: a migration's query runner or a transaction's entity manager. */
type RunsOn = Pick<QueryRunner, 'dataSource'>;

const isMysql = (runner: RunsOn) => runner.dataSource.options.type === 'mysql';

/**
 * The embedded profile. Its migrations add and drop columns with SQLite's native ALTER TABLE: TypeORM
 * would rebuild the table instead, and `undoLastMigration` runs inside a transaction where turning
 * foreign keys off is a no-op, so dropping the old table would cascade into (delete) its children.
 */
export const isSqlite = (runner: RunsOn) => !isMysql(runner);

/**
 * Default "now" for a millisecond datetime column, in the dialect of the running database, so one
 * migration serves MySQL/MariaDB and the embedded SQLite profile.
 */
export const nowDefault = (queryRunner: QueryRunner) => (isMysql(queryRunner) ? 'CURRENT_TIMESTAMP(3)' : `(${SQLITE_NOW_MS})`);

/** SQLite's "now" with milliseconds, as MySQL's CURRENT_TIMESTAMP(3) gives it. */
export const SQLITE_NOW_MS = "STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW')";

/** Long text: TEXT on SQLite, MEDIUMTEXT (16 MiB) on MySQL where TEXT stops at 64 KiB. */
export const longTextType = (queryRunner: QueryRunner) => (isMysql(queryRunner) ? 'mediumtext' : 'text');
