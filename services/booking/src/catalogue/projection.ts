import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

export interface Projection<T, K extends keyof T> {
  /** `[expression, alias]` pairs for `addSelect`. */
  columns: Array<[string, string]>;
  /** The selected properties of one raw row, converted as the entity would be (decimals, booleans, dates, JSON). */
  read: (raw: Record<string, unknown>) => Pick<T, K>;
}

/**
 * Selects only `properties` of an entity joined as `alias` and reads them back with the driver's own
 * conversions. Lists use raw rows rather than entity hydration: they choose their columns and order by
 * computed expressions (search relevance), which TypeORM's entity loader cannot do in one query.
 */
export function projection<T extends ObjectLiteral, K extends keyof T & string>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  alias: string,
  properties: readonly K[],
): Projection<T, K> {
  const metadata = dataSource.getMetadata(entity);
  const columns = properties.map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    return column;
  });
  const fields = columns.map((column) => ({ column, key: `${alias}_${column.propertyName}` }));
  const { driver } = dataSource;
  return {
    columns: fields.map(({ column, key }) => [`${alias}.${column.databaseName}`, key]),
    // Runs for every column of every card of every page: a plain loop over names built once.
    read: (raw) => {
      const row: Record<string, unknown> = {};
      for (const { column, key } of fields) row[column.propertyName] = driver.prepareHydratedValue(raw[key], column);
      return row as Pick<T, K>;
    },
  };
}
