import { Column, fillPlaceholders, getTableColumns, is, SQL, Table } from "drizzle-orm";
import type { Db } from "./client";

// The console's busiest reads, compiled once per isolate. For every call drizzle builds the query's SQL
// and maps each row through class checks on every field; on a page of 200 messages those cost more of
// the Worker's CPU than D1's own client (profiled with the V8 inspector; README, Benchmark). A compiled
// read keeps drizzle's SQL, built once with placeholders (`sql.placeholder("name")`) for the values,
// and maps rows with decoders chosen once for its selection. Reads with left joins are not supported
// (drizzle turns a joined table's all-null columns into null; these reads have none).

type AnySelect = {
  toSQL(): { sql: string; params: unknown[] };
  _: { selectedFields: unknown; result: unknown; config: { joins?: { joinType: string }[] } };
};
export type RowOf<Q extends AnySelect> = Q["_"]["result"] extends (infer R)[] ? R : never;

interface Field {
  path: string[];
  decode: ((value: unknown) => unknown) | null;
}

export interface CompiledRead<Row> {
  sql: string;
  params: unknown[];
  width: number;
  mapRow(raw: unknown[]): Row;
}

// The selection's columns in the order drizzle writes them into the SQL, each with its decoder (none
// for a column that keeps the driver's value, such as plain text).
function fieldsOf(selection: object, prefix: string[] = []): Field[] {
  return Object.entries(selection).flatMap(([name, field]): Field[] => {
    const path = [...prefix, name];
    if (is(field, Column)) return [{ path, decode: field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : (value) => field.mapFromDriverValue(value) }];
    if (is(field, SQL)) return [{ path, decode: decoderOf(field) }];
    if (is(field, SQL.Aliased)) return [{ path, decode: decoderOf(field.sql) }];
    if (is(field, Table)) return fieldsOf(getTableColumns(field), path);
    return fieldsOf(field as object, path);
  });
}

// An sql`` expression's decoder (.mapWith(); without it the driver's value as it is).
type Decoder = { mapFromDriverValue(value: unknown): unknown };
const decoderOf = (expression: SQL) => {
  const decoder = (expression as unknown as { decoder: Decoder }).decoder;
  return (value: unknown) => decoder.mapFromDriverValue(value);
};

function mapperOf(fields: Field[]) {
  if (fields.every((f) => f.path.length === 1)) {
    const keys = fields.map((f) => f.path[0]!);
    const decoders = fields.map((f) => f.decode);
    return (raw: unknown[]) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = raw[i];
        const decode = decoders[i];
        row[keys[i]!] = value === null || value === undefined ? null : decode ? decode(value) : value;
      }
      return row;
    };
  }
  return (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const { path, decode } = fields[i]!;
      const value = raw[i] === null || raw[i] === undefined ? null : decode ? decode(raw[i]) : raw[i];
      let node = row;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]!] = value;
    }
    return row;
  };
}

export function compileRead<Q extends AnySelect>(query: Q): CompiledRead<RowOf<Q>> {
  if (query._.config.joins?.some((j) => j.joinType !== "inner")) throw new Error("compileRead: only inner joins");
  const { sql, params } = query.toSQL();
  const fields = fieldsOf(query._.selectedFields as object);
  return { sql, params, width: fields.length, mapRow: mapperOf(fields) as (raw: unknown[]) => RowOf<Q> };
}

// Two reads of the same selection as one statement (UNION ALL of both as subqueries, so each keeps its
// own ORDER BY and LIMIT): one round trip, its rows as arrays. The rows come in no particular order.
export function unionAll<Row>(first: CompiledRead<Row>, second: CompiledRead<Row>): CompiledRead<Row> {
  if (first.width !== second.width) throw new Error("unionAll: the reads select different columns");
  return { ...first, sql: `select * from (${first.sql}) union all select * from (${second.sql})`, params: [...first.params, ...second.params] };
}

// Reads compiled once per shape, on first use (the builder needs a Db for its dialect): `build` gets the
// shape (which filters a read has, never their values, which are bound as placeholders) and runs once
// for each distinct one.
export function compiledByShape<S, R>(build: (db: Db, shape: S) => R): (db: Db, shape: S) => R {
  const byShape = new Map<string, R>();
  return (db, shape) => {
    const key = JSON.stringify(shape);
    let read = byShape.get(key);
    if (read === undefined) byShape.set(key, (read = build(db, shape)));
    return read;
  };
}

const statementOf = (db: Db, read: CompiledRead<unknown>, values: Record<string, unknown>) => db.$client.prepare(read.sql).bind(...fillPlaceholders(read.params, values));

export async function readRows<Row>(db: Db, read: CompiledRead<Row>, values: Record<string, unknown> = {}): Promise<Row[]> {
  const raw = await statementOf(db, read as CompiledRead<unknown>, values).raw();
  return raw.map((r) => read.mapRow(r));
}

// Several compiled reads in one round trip. D1's batch answers rows as objects, their keys in the
// select's order; a selection whose column names repeat would lose one, so that is refused.
export async function readBatch<const T extends readonly [CompiledRead<unknown>, Record<string, unknown>][]>(
  db: Db,
  reads: T,
): Promise<{ [K in keyof T]: T[K] extends [CompiledRead<infer Row>, unknown] ? Row[] : never }> {
  const results = await db.$client.batch(reads.map(([read, values]) => statementOf(db, read, values)));
  return results.map((result, i) => {
    const read = reads[i]![0];
    return (result.results as Record<string, unknown>[]).map((row) => {
      const raw = Object.values(row);
      if (raw.length !== read.width) throw new Error(`readBatch: ${raw.length} columns for ${read.width} fields`);
      return read.mapRow(raw);
    });
  }) as never;
}
