import { BadRequestException } from '@nestjs/common';

/** 400 naming `after`, the query parameter every keyset-paged list takes its cursor in. */
export const badCursor = (message: string) => new BadRequestException({ code: 'validation_failed', message, fields: { after: 'cursor' } });

/** A keyset cursor: the list's scope (its sort or tab) and the last row's key, base64url JSON, opaque to clients. */
export function writeCursor(scope: string, key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify([scope, ...key])).toString('base64url');
}

/** The key a cursor of `scope` holds; undefined when it is not one (malformed, or another sort's or tab's). */
export function readCursorKey(cursor: string, scope: string): unknown[] | undefined {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parts) && parts[0] === scope ? parts.slice(1) : undefined;
  } catch {
    return undefined;
  }
}
