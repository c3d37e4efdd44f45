import type { DataSource } from 'typeorm';
import { SQLITE_NOW_MS } from './portable-ddl.js';

/**
 * SQLite has no DEFAULT keyword in INSERT, so TypeORM writes an omitted @CreateDateColumn /
 * @UpdateDateColumn as its own `datetime('now')`: whole seconds, where MySQL's column default (and our
 * migrations' nowDefault) keeps milliseconds. Rows made within one second then tie, and "newest
 * first" (my latest application, the outbox's order) comes out in whatever order the ids sort.
 * Call before `initialize()`: column metadata reads these defaults when it is built.
 */
export function millisecondSqliteDates(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  Object.assign(dataSource.driver.mappedDataTypes, { createDateDefault: SQLITE_NOW_MS, updateDateDefault: SQLITE_NOW_MS });
  return dataSource;
}
