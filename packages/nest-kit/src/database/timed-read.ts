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
 * Server variables set for one statement only (MariaDB `SET STATEMENT`, MySQL `SET_VAR` hints), such as
 * `group_concat_max_len` for a read that lists its rows' ids in one column.
 */
export type StatementVariables = Readonly<Record<string, number>>;

/**
 * `sql` (one SELECT) with a server-side time limit: MariaDB's `SET STATEMENT max_statement_time`
 * (seconds) or MySQL's MAX_EXECUTION_TIME optimizer hint (milliseconds), and `variables` beside it.
 * SQLite runs in-process and has no such limit or variables, so its SQL is left as it is.
 */
export function limitStatement(sql: string, dialect: Dialect, limitMs: number, variables: StatementVariables = {}): string {
  if (!/^\s*SELECT\b/i.test(sql)) throw new Error('Only a SELECT can be given a time limit');
  const settings = Object.entries(variables).map(([name, value]) => {
    // Written into the statement's text, so only a plain name and a whole number get there.
    if (!/^[a-z_]+$/.test(name) || !Number.isSafeInteger(value)) throw new Error(`Not a statement variable: ${name}=${value}`);
    return [name, value] as const;
  });
  if (dialect === 'mariadb') {
    const assignments = [`max_statement_time=${(limitMs / 1000).toFixed(3)}`, ...settings.map(([name, value]) => `${name}=${value}`)];
    return `SET STATEMENT ${assignments.join(', ')} FOR ${sql}`;
  }
  if (dialect === 'mysql') {
    const hints = [`MAX_EXECUTION_TIME(${Math.ceil(limitMs)})`, ...settings.map(([name, value]) => `SET_VAR(${name}=${value})`)];
    return sql.replace(/^\s*SELECT\b/i, `SELECT /*+ ${hints.join(' ')} */`);
  }
  return sql;
}

export const isStatementTimeout = (error: unknown): boolean =>
  error instanceof QueryFailedError && STATEMENT_TIMEOUT_ERRNOS.has((error.driverError as { errno?: number } | undefined)?.errno ?? 0);

/**
 * Runs a read that must not outlive its caller. The server stops it at `limitMs` and the connection goes
 * back to the pool still usable (only the statement is killed), so one expensive question cannot hold
 * pool connections, and every request queued behind them, for as long as it likes. The caller is told
 * 503 `query_timeout` and may retry. `variables` hold for this statement only (see limitStatement).
 */
export async function timedRead<T>(
  dataSource: DataSource,
  limitMs: number,
  sql: string,
  parameters: unknown[] = [],
  variables: StatementVariables = {},
): Promise<T[]> {
  const limited = limitStatement(sql, await dialectOf(dataSource), limitMs, variables);
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
