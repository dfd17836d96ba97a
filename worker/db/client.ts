import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { BoundStatement, runStatements } from "./compiled";
import * as schema from "./schema";

function drizzleFor(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof drizzleFor>;

// drizzle() derives its relational config from the whole schema on every call (a profile of the webhook
// ingest put it at about an eighth of the Worker's CPU), so each binding gets one instance per isolate.
// The instance holds no per-request state.
const instances = new WeakMap<D1Database, Db>();
export function createDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = drizzleFor(d1);
    instances.set(d1, db);
  }
  return db;
}

// A batch is D1's only transaction; this runs a plain list of drizzle statements and compiled ones.
export type Statement = BatchItem<"sqlite">;
export async function runBatch(db: Db, statements: (Statement | BoundStatement<unknown>)[]) {
  if (statements.length === 0) return;
  if (statements.some((s) => s instanceof BoundStatement)) await runStatements(db, statements);
  else await db.batch(statements as [Statement, ...Statement[]]);
}

// Counts the SQL statements run through a D1 binding (each executed prepared statement, and each
// statement of a batch) and the round trips that ran them. Only tests and the benchmark wrap a binding
// with it (see app.ts).
export function countStatements(d1: D1Database): { d1: D1Database; count: () => number; roundTrips: () => number } {
  let n = 0;
  let trips = 0;
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const counted = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      first: (column?: string) => (n++, trips++, column === undefined ? stmt.first() : stmt.first(column)),
      run: () => (n++, trips++, stmt.run()),
      all: () => (n++, trips++, stmt.all()),
      raw: (options?: { columnNames?: boolean }) => (n++, trips++, stmt.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    inner.set(counted, stmt);
    return counted;
  };
  const unwrap = (stmts: D1PreparedStatement[]) => stmts.map((s) => inner.get(s) ?? s);
  const counted = {
    prepare: (query: string) => wrap(d1.prepare(query)),
    batch: (stmts: D1PreparedStatement[]) => ((n += stmts.length), trips++, d1.batch(unwrap(stmts))),
    exec: (query: string) => ((n += query.split("\n").filter((l) => l.trim()).length), trips++, d1.exec(query)),
    dump: () => d1.dump(),
    withSession: (constraint?: string) => {
      const session = d1.withSession(constraint);
      return {
        prepare: (query: string) => wrap(session.prepare(query)),
        batch: (stmts: D1PreparedStatement[]) => ((n += stmts.length), trips++, session.batch(unwrap(stmts))),
        getBookmark: () => session.getBookmark(),
      };
    },
  } as unknown as D1Database;
  return { d1: counted, count: () => n, roundTrips: () => trips };
}
