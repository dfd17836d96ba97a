import { type AnyColumn, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

// Paging by cursor, newest first: by creation time, then by rowid (D1 serialises writes, so rowid
// follows the order rows were stored and breaks ties of one millisecond). A cursor is a row's id.

type Paged = SQLiteTable & { createdAt: AnyColumn };

export const newestFirst = (table: Paged) => [desc(table.createdAt), desc(sql`${table}.rowid`)];

// The rows that come after the row `before` (none when it is not given). `scope` is the column and value
// that row must share with the page, so another tenant's (or conversation's) id is no cursor.
export function afterCursor(table: Paged, before: string | Placeholder | undefined, scope?: { column: AnyColumn; value: string | Placeholder }): SQL | undefined {
  if (!before) return undefined;
  const sameScope = scope ? sql` and c.${sql.identifier(scope.column.name)} = ${scope.value}` : sql``;
  return sql`(${table.createdAt}, ${table}.rowid) < (select c."created_at", c.rowid from ${table} c where c."id" = ${before}${sameScope})`;
}

// A page read one row past `limit`: its rows, and the last one's id as the next cursor when there are more.
export function cursorPage<R extends { id: string }>(rows: R[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}
