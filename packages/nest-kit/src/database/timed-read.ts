import { ServiceUnavailableException } from '@nestjs/common';
import { type DataSource, QueryFailedError } from 'typeorm';

/** MariaDB's ER_STATEMENT_TIMEOUT and MySQL's ER_QUERY_TIMEOUT: the server stopped the statement at its limit. */
const STATEMENT_TIMEOUT_ERRNOS = new Set([1969, 3024]);

type Dialect = 'mariadb' | 'mysql' | 'sqlite';
const dialects = new WeakMap<DataSource, Promise<Dialect>>();

/** MariaDB and MySQL share TypeORM's "mysql" driver but not their time-limit syntax: VERSION() tells them apart. */
function dialectOf(dataSource: DataSource): Promise<Dialect> {
  let dialect = dialects.get(dataSource);
  if (!dialect) {
    dialect =
      dataSource.options.type === 'mysql'
        ? dataSource
            .query<Array<{ version: string }>>('SELECT VERSION() AS version')
            .then(([row]) => (/mariadb/i.test(row!.version) ? 'mariadb' : 'mysql'))
        : Promise.resolve('sqlite');
    // A failed probe is asked again next time rather than remembered.
    dialect.catch(() => dialects.delete(dataSource));
    dialects.set(dataSource, dialect);
  }
  return dialect;
}

/**
 * `sql` (one SELECT) with a server-side time limit: MariaDB's `SET STATEMENT max_statement_time`
 * (seconds) or MySQL's MAX_EXECUTION_TIME optimizer hint (milliseconds). SQLite runs in-process and has
 * no such limit, so its SQL is left as it is.
 */
export function limitStatement(sql: string, dialect: Dialect, limitMs: number): string {
  if (!/^\s*SELECT\b/i.test(sql)) throw new Error('Only a SELECT can be given a time limit');
  if (dialect === 'mariadb') return `SET STATEMENT max_statement_time=${(limitMs / 1000).toFixed(3)} FOR ${sql}`;
  if (dialect === 'mysql') return sql.replace(/^\s*SELECT\b/i, `SELECT /*+ MAX_EXECUTION_TIME(${Math.ceil(limitMs)}) */`);
  return sql;
}

export const isStatementTimeout = (error: unknown): boolean =>
  error instanceof QueryFailedError && STATEMENT_TIMEOUT_ERRNOS.has((error.driverError as { errno?: number } | undefined)?.errno ?? 0);

/**
 * Runs a read that must not outlive its caller. The server stops it at `limitMs` and the connection goes
 * back to the pool still usable (only the statement is killed), so one expensive question cannot hold
 * pool connections, and every request queued behind them, for as long as it likes. The caller is told
 * 503 `query_timeout` and may retry.
 */
export async function timedRead<T>(dataSource: DataSource, limitMs: number, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const limited = limitStatement(sql, await dialectOf(dataSource), limitMs);
  try {
    return await dataSource.query<T[]>(limited, parameters);
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    throw new ServiceUnavailableException({
      code: 'query_timeout',
      message: 'The answer took too long to prepare. Please try again shortly.',
    });
  }
}
