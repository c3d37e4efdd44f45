import type { PagedResponse } from '@khidma/contracts';
import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/** `%` and `_` typed by the admin are searched for literally ('!' escapes: the same on SQLite and MySQL). */
const likePattern = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Narrows a list to rows where any of `columns` contains `text` as typed; no text, no narrowing. */
export function whereAnyContains<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, columns: string[], text: string | undefined): void {
  if (!text) return;
  // A name of its own: a second narrowing of the same query must not overwrite the first one's text.
  const name = `contains${Object.keys(builder.getParameters()).length}`;
  builder.andWhere(
    new Brackets((where) => {
      for (const column of columns) where.orWhere(`${column} LIKE :${name} ESCAPE '!'`, { [name]: likePattern(text) });
    }),
  );
}

/** One page of an ordered list, with the count of every row it holds: what the admin panel's paged lists answer. */
export async function pageOf<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, query: { page: number; limit: number }): Promise<PagedResponse<T>> {
  const [items, total] = await builder
    .skip((query.page - 1) * query.limit)
    .take(query.limit)
    .getManyAndCount();
  return { items, total, page: query.page, limit: query.limit };
}
