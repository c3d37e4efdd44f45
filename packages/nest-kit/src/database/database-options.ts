import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import type { BaseServiceConfig } from '../config/load-config.js';

export interface DatabaseDefinition {
  /** Service name: the database (MySQL) or file (SQLite) is `<DATABASE_NAME_PREFIX><service>`. */
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

export const databaseName = (prefix: string, service: string) => `${prefix}${service}`;

/** The two profiles of one code path: MySQL/MariaDB when DATABASE_URL is set, SQLite otherwise. */
export function buildDataSourceOptions(
  config: Pick<BaseServiceConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_NAME_PREFIX'>,
  definition: DatabaseDefinition,
  overrides: { database?: string } = {},
): DataSourceOptions {
  const common = {
    entities: definition.entities,
    migrations: definition.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
  } as const;
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return {
      ...common,
      type: 'mysql',
      host: url.hostname,
      port: Number(url.port || 3306),
      username: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password),
      // A database named in the URL's path wins (tests use a throwaway one per run).
      database: overrides.database ?? (url.pathname.slice(1) || databaseName(config.DATABASE_NAME_PREFIX, definition.service)),
      // utf8mb4_unicode_ci exists on MySQL 8 and MariaDB 10.11 alike (unlike utf8mb4_0900_*).
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      dateStrings: false,
      // trace: false stops mysql2 capturing a stack trace for every query it is given (2.6 % of booking's
      // CPU on an uncached list); a failed query's error still carries the awaiting callers' async frames.
      extra: { connectionLimit: 20, trace: false },
    };
  }
  const dir = join(config.DATA_DIR, 'data');
  mkdirSync(dir, { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: overrides.database ?? join(dir, `${databaseName(config.DATABASE_NAME_PREFIX, definition.service)}.sqlite`),
    enableWAL: true,
  };
}

/** MySQL needs the database to exist before TypeORM connects; SQLite creates its file itself. */
export async function ensureDatabaseExists(options: DataSourceOptions): Promise<void> {
  if (options.type !== 'mysql') return;
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({
    host: options.host,
    port: options.port,
    user: options.username,
    password: options.password,
  });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${options.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}
