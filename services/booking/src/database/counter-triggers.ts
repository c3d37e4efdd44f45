import type { QueryRunner } from 'typeorm';
import { isSqlite } from '@khidma/nest-kit';

/**
 * A table of counts kept by the database: one row per cell (the values of `cell` over a counted row) with
 * the number of counted rows of `source` in it, in `listed`. Triggers on `source` move a row between
 * cells in the statement and transaction that change it, so no write path can miss a change, concurrent
 * writes stay exact (each one an increment under the counter row's lock) and a rolled-back write leaves
 * the counts as they were. Used by migrations: what they create must not change once they have run.
 */
export interface CounterTable {
  /** The counter table, created with `cell`'s columns as its primary key and `listed`. */
  name: string;
  /** The table whose rows are counted. */
  source: string;
  /** Prefix of the three triggers' names. */
  triggerPrefix: string;
  /** Whether a row (`NEW`, `OLD`, or an alias) is counted, as SQL. */
  counted: (row: string) => string;
  /** The cell's columns: name, column type per dialect, and the value over a row. */
  cell: Array<{ column: string; type: { mysql: string; sqlite: string }; of: (row: string) => string }>;
}

/**
 * The catalogue's price buckets (PRICE_BOUNDS in catalogue.service.ts) as one CASE over a row's price,
 * edges written out: moving one needs a migration that recreates the triggers using it, and
 * catalogue.spec compares every count with the services under the service's own filter.
 */
export const priceBucketOf = (row: string) =>
  `CASE WHEN ${row}.price <= 25 THEN '0-25' WHEN ${row}.price <= 50 THEN '25-50' WHEN ${row}.price <= 100 THEN '50-100' ELSE '100+' END`;

/** The counter table's key: its cell columns, as SQL. */
const cellKey = (table: CounterTable) => table.cell.map(({ column }) => column).join(', ');
/** The cell of a source row (`NEW`, `OLD`, or an alias), as SQL values in key order. */
const cellOf = (table: CounterTable, row: string) => table.cell.map(({ of }) => of(row)).join(', ');

/** Creates the counter table and its triggers, then fills it with one grouped read of the source. */
export async function createCounterTable(queryRunner: QueryRunner, table: CounterTable): Promise<void> {
  const sqlite = isSqlite(queryRunner);
  const columns = table.cell.map(({ column, type }) => `${column} ${sqlite ? type.sqlite : type.mysql} NOT NULL`);
  const key = cellKey(table);
  await queryRunner.query(
    `CREATE TABLE ${table.name} (${columns.join(', ')}, listed int NOT NULL, PRIMARY KEY (${key}))${sqlite ? '' : ' ENGINE=InnoDB'}`,
  );
  for (const trigger of counterTriggers(table, sqlite)) await queryRunner.query(`CREATE TRIGGER ${trigger.name} ${trigger.sql}`);
  const values = table.cell.map(({ column, of }) => `${of('r')} AS ${column}`).join(', ');
  await queryRunner.query(
    `INSERT INTO ${table.name} (${key}, listed) SELECT ${key}, COUNT(*) FROM (SELECT ${values} FROM ${table.source} r WHERE ${table.counted('r')}) cells GROUP BY ${key}`,
  );
}

export async function dropCounterTable(queryRunner: QueryRunner, table: CounterTable): Promise<void> {
  for (const trigger of counterTriggers(table, isSqlite(queryRunner))) await queryRunner.query(`DROP TRIGGER ${trigger.name}`);
  await queryRunner.query(`DROP TABLE ${table.name}`);
}

/**
 * Insert counts the new row, delete uncounts the old one, and an update moves the row only when its cell
 * or whether it counts changed: an update that leaves it in place (a new rating on every review, a text
 * edit) touches no counter, so such writes never queue behind each other on a counter row's lock.
 */
function counterTriggers(table: CounterTable, sqlite: boolean): Array<{ name: string; sql: string }> {
  const placeOf = (row: string) => `(${table.counted(row)}, ${cellOf(table, row)})`;
  const key = cellKey(table);
  const move = (row: 'NEW' | 'OLD', delta: 1 | -1) => {
    const values = `${cellOf(table, row)}, ${delta}`;
    return sqlite
      ? `INSERT INTO ${table.name} (${key}, listed) SELECT ${values} WHERE ${table.counted(row)} ON CONFLICT (${key}) DO UPDATE SET listed = listed + ${delta};`
      : `IF ${table.counted(row)} THEN INSERT INTO ${table.name} (${key}, listed) VALUES (${values}) ON DUPLICATE KEY UPDATE listed = listed + ${delta}; END IF;`;
  };
  const body = (statements: string[], when?: string) =>
    sqlite
      ? `${when ? `WHEN ${when} ` : ''}BEGIN ${statements.join(' ')} END`
      : `FOR EACH ROW BEGIN ${when ? `IF ${when} THEN ${statements.join(' ')} END IF;` : statements.join(' ')} END`;
  return [
    { name: `${table.triggerPrefix}_insert`, sql: `AFTER INSERT ON ${table.source} ${body([move('NEW', 1)])}` },
    { name: `${table.triggerPrefix}_update`, sql: `AFTER UPDATE ON ${table.source} ${body([move('OLD', -1), move('NEW', 1)], `${placeOf('OLD')} <> ${placeOf('NEW')}`)}` },
    { name: `${table.triggerPrefix}_delete`, sql: `AFTER DELETE ON ${table.source} ${body([move('OLD', -1)])}` },
  ];
}
