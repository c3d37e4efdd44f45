import type { QueryRunner, TableColumnOptions, ValueTransformer } from 'typeorm';

/** MySQL returns DECIMAL as a string (to keep precision); prices and ratings here fit a JS number. */
export const decimalToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/**
 * A column limited to `values` in the database itself: a native ENUM on MySQL/MariaDB, a VARCHAR with
 * a CHECK on SQLite (TypeORM adds it for columns that carry `enum`), since MySQL's query runner has
 * no portable CHECK support.
 */
export function enumColumn(
  queryRunner: QueryRunner,
  name: string,
  values: readonly string[],
  options: Partial<TableColumnOptions> = {},
): TableColumnOptions {
  const mysql = queryRunner.connection.options.type === 'mysql';
  return { name, ...(mysql ? { type: 'enum' } : { type: 'varchar', length: '32' }), enum: [...values], ...options };
}

/** A raw SQL string literal for a migration's column default. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
