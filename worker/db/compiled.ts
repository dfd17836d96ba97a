import { Column, getTableColumns, is, Param, Placeholder, SQL, sql as drizzleSql, Table } from "drizzle-orm";
import type { Db, Statement } from "./client";

// The busiest statements (the console's reads, a campaign's sends and status callbacks), compiled once
// per isolate. For every call drizzle builds the query's SQL and maps each row through class checks on
// every field; on a page of 200 messages those cost more of the Worker's CPU than D1's own client, and
// they were a third of a campaign send's (profiled with the V8 inspector; README, Benchmark). A
// compiled statement keeps drizzle's SQL, built once with placeholders (`sql.placeholder("name")`) for
// the values, and maps rows with decoders chosen once for its selection. A read with left joins names
// the groups of its selection that come from the left-joined tables: a group whose columns are all null
// is null, as drizzle answers it. Writes are compiled the same way (compileWrite), and run alone,
// awaited, or in a batch with others.

type AnySelect = {
  toSQL(): { sql: string; params: unknown[] };
  _: { selectedFields: unknown; result: unknown; config: { joins?: { joinType: string }[] } };
};
export type RowOf<Q extends AnySelect> = Q["_"]["result"] extends (infer R)[] ? R : never;

interface Field {
  path: string[];
  decode: ((value: unknown) => unknown) | null;
}

export interface CompiledStatement<Row> {
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

export function compileRead<Q extends AnySelect>(query: Q, { leftJoined = [] }: { leftJoined?: string[] } = {}): CompiledStatement<RowOf<Q>> {
  if (leftJoined.length === 0 && query._.config.joins?.some((j) => j.joinType !== "inner")) throw new Error("compileRead: name the left-joined groups (leftJoined)");
  const { sql, params } = query.toSQL();
  const fields = fieldsOf(query._.selectedFields as object);
  const map = mapperOf(fields);
  const mapRow = leftJoined.length === 0 ? map : (raw: unknown[]) => nullAbsentGroups(map(raw), leftJoined);
  return { sql, params, width: fields.length, mapRow: mapRow as (raw: unknown[]) => RowOf<Q> };
}

// A left join that found no row fills its group's columns with null: the group is null.
function nullAbsentGroups(row: Record<string, unknown>, groups: string[]) {
  for (const name of groups) {
    const group = row[name];
    if (group !== null && typeof group === "object" && Object.values(group).every((v) => v === null)) row[name] = null;
  }
  return row;
}

type AnyWrite = { toSQL(): { sql: string; params: unknown[] } };
// drizzle's (internal) description of an insert, update or delete.
type WriteConfig = { table: Table; returning?: { path: string[]; field: unknown }[]; set?: Record<string, unknown>; values?: Record<string, unknown>[] };
type WriteRow<Q> = Q extends PromiseLike<infer R> ? (R extends (infer Row)[] ? Row : never) : never;

// An insert, update or delete compiled like a read; with .returning() its rows are mapped as drizzle
// maps them. A column drizzle fills by itself ($defaultFn, $onUpdateFn: ids, created and updated times)
// would be filled once, at compile time, and then be the same for every row: it must be given, as a
// placeholder (an upsert's conflict set is not checked here: its builder gives updated_at itself).
export function compileWrite<Q extends AnyWrite>(query: Q): CompiledStatement<WriteRow<Q>> {
  const { table, set, values, returning } = (query as unknown as { config: WriteConfig }).config;
  const given = set ?? values?.[0] ?? {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    const filledByDrizzle = set ? column.onUpdateFn !== undefined : column.defaultFn !== undefined || column.onUpdateFn !== undefined;
    if (filledByDrizzle && given[name] === undefined) throw new Error(`compileWrite: ${name} would be fixed at compile time; give it as a placeholder`);
  }
  const { sql, params } = query.toSQL();
  const fields: Field[] = (returning ?? []).map(({ path, field }) => fieldsOf({ [path.at(-1)!]: field }, path.slice(0, -1))[0]!);
  return { sql, params, width: fields.length, mapRow: mapperOf(fields) as (raw: unknown[]) => WriteRow<Q> };
}

// Two reads of the same selection as one statement (UNION ALL of both as subqueries, so each keeps its
// own ORDER BY and LIMIT): one round trip, its rows as arrays. The rows come in no particular order.
export function unionAll<Row>(first: CompiledStatement<Row>, second: CompiledStatement<Row>): CompiledStatement<Row> {
  if (first.width !== second.width) throw new Error("unionAll: the reads select different columns");
  return { ...first, sql: `select * from (${first.sql}) union all select * from (${second.sql})`, params: [...first.params, ...second.params] };
}

// Statements compiled once per shape, on first use (the builder needs a Db for its dialect): `build`
// gets the shape (which filters or columns a statement has, never their values, which are bound as
// placeholders) and runs once for each distinct one.
export function compiledByShape<S, R>(build: (db: Db, shape: S) => R): (db: Db, shape: S) => R {
  const byShape = new Map<string, R>();
  return (db, shape) => {
    const key = JSON.stringify(shape);
    let read = byShape.get(key);
    if (read === undefined) byShape.set(key, (read = build(db, shape)));
    return read;
  };
}

// The statement's values: a placeholder in a SET or VALUES goes through its column's encoder (a date
// to its number, a flag to 0 or 1, JSON to text), except null; one in a condition is bound as it is.
function fill(params: unknown[], values: Record<string, unknown>) {
  return params.map((p) => {
    if (is(p, Placeholder)) return valueOf(p, values);
    if (is(p, Param) && is(p.value, Placeholder)) {
      const value = valueOf(p.value, values);
      return value === null ? null : p.encoder.mapToDriverValue(value);
    }
    return p;
  });
}
function valueOf(p: Placeholder, values: Record<string, unknown>) {
  if (!(p.name in values)) throw new Error(`No value for placeholder "${p.name}"`);
  return values[p.name] ?? null;
}

// The defined values of a SET (drizzle leaves undefined ones out): their keys are the statement's shape
// (placeholderSet), the values what it is bound to.
export function placeholdersFor(values: Record<string, unknown>) {
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return { keys: Object.keys(defined), values: defined };
}
export const placeholderSet = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, slot(k)]));

// A placeholder for a SET or VALUES: drizzle takes one there (and encodes its value with the column's
// encoder), but its types only name SQL, which is what this is typed as.
export const slot = (name: string) => drizzleSql.placeholder(name) as unknown as SQL;

// An IN list of `length` placeholders (the list's length is part of the statement's shape), and its values.
export const listPlaceholders = (name: string, length: number) => Array.from({ length }, (_, i) => drizzleSql.placeholder(`${name}.${i}`));
export const listValues = (name: string, list: readonly unknown[]) => Object.fromEntries(list.map((v, i) => [`${name}.${i}`, v]));

// A batch's rows as arrays in the select's order, from the objects D1's batch answers; null when the
// objects cannot give that order back: columns of the same name became one, or a name like "1" came
// first (JavaScript puts integer keys before the others).
function batchRows(result: D1Result, width: number): unknown[][] | null {
  const objects = result.results as Record<string, unknown>[];
  const names = objects[0] ? Object.keys(objects[0]) : [];
  if (objects.length > 0 && (names.length !== width || names.some((name) => /^\d+$/.test(name)))) return null;
  return objects.map((row) => Object.values(row));
}

const statementOf = (db: Db, read: CompiledStatement<unknown>, values: Record<string, unknown>) => db.$client.prepare(read.sql).bind(...fill(read.params, values));

// A compiled statement with its values: awaited, it runs and answers its rows; in a batch it is one of
// the batch's statements.
export class BoundStatement<Row> implements PromiseLike<Row[]> {
  constructor(
    readonly db: Db,
    readonly compiled: CompiledStatement<Row>,
    readonly values: Record<string, unknown>,
  ) {}
  prepared(): D1PreparedStatement {
    return statementOf(this.db, this.compiled as CompiledStatement<unknown>, this.values);
  }
  async run(): Promise<Row[]> {
    return readRows(this.db, this.compiled, this.values);
  }
  // Its rows as D1's batch answers them (batchRows); a selection they cannot give back is refused.
  rowsOf(result: D1Result): Row[] {
    const { width, mapRow } = this.compiled;
    const raw = batchRows(result, width);
    if (!raw) {
      const names = Object.keys((result.results as Record<string, unknown>[])[0]!);
      throw new Error(`compiled batch: ${names.length} columns for ${width} fields (${names.join(", ")})`);
    }
    return raw.map(mapRow);
  }
  then<A = Row[], B = never>(onfulfilled?: ((rows: Row[]) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.run().then(onfulfilled, onrejected);
  }
}

export const bound = <Row>(db: Db, compiled: CompiledStatement<Row>, values: Record<string, unknown> = {}) => new BoundStatement(db, compiled, values);

// Compiled statements and drizzle ones in one D1 batch (one round trip, one transaction). The rows of
// each compiled statement are answered; a drizzle statement's are not read.
export type AnyStatement = BoundStatement<unknown> | Statement;
// Each compiled statement's rows; a drizzle statement's are not read.
export type StatementResults<T extends readonly AnyStatement[]> = { [K in keyof T]: T[K] extends BoundStatement<infer Row> ? Row[] : unknown };
export async function runStatements<const T extends readonly AnyStatement[]>(db: Db, statements: T): Promise<StatementResults<T>> {
  if (statements.length === 0) return [] as never;
  const prepared = statements.map((s) => {
    if (s instanceof BoundStatement) return s.prepared();
    const { sql, params } = (s as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
    return db.$client.prepare(sql).bind(...params);
  });
  const rider = takeRider(db);
  const results = await db.$client.batch(rider ? [rider.statement, ...prepared] : prepared);
  if (rider) rider.settle(results.shift()!);
  return results.map((result, i) => {
    const s = statements[i];
    return s instanceof BoundStatement ? s.rowsOf(result) : result.results;
  }) as never;
}

export async function readRows<Row>(db: Db, read: CompiledStatement<Row>, values: Record<string, unknown> = {}): Promise<Row[]> {
  const statement = statementOf(db, read as CompiledStatement<unknown>, values);
  const rider = takeRider(db);
  if (rider) {
    const [ridden, result] = await db.$client.batch([rider.statement, statement]);
    rider.settle(ridden!);
    // A read whose rows the batch's objects cannot give back in order runs again on its own (none of the
    // folded reads; a test tells).
    const raw = batchRows(result!, read.width);
    if (raw) return raw.map((r) => read.mapRow(r));
    console.warn("readRows: a read in a batch lost its column order; read again alone", read.sql.slice(0, 80));
  }
  const raw = await statement.raw();
  return raw.map((r) => read.mapRow(r));
}

// A statement that rides in the next round trip of compiled statements made through a Db, instead of
// taking one of its own: the session check of a folded read (features/auth/folded-session.ts). It
// rides once; `settle` gets its result.
export interface Rider {
  statement: D1PreparedStatement;
  settle(result: D1Result): void;
}
const riders = new WeakMap<Db, Rider>();

// A Db for one request whose next compiled round trip carries the rider: the same drizzle instance (its
// builders and session are inherited), so nothing is rebuilt.
export function withRider(db: Db, rider: Rider): Db {
  const carrying = Object.create(db) as Db;
  riders.set(carrying, rider);
  return carrying;
}

function takeRider(db: Db): Rider | undefined {
  const rider = riders.get(db);
  if (rider) riders.delete(db);
  return rider;
}

// A selection whose every column is named after its place in it ("c0", "c1", …), decoded as before: a
// read of several tables whose columns share names ("id") can then go in a batch, which answers objects.
export function uniquelyNamed<S extends Record<string, unknown>>(selection: S): S {
  let n = 0;
  const rename = (field: unknown): unknown => {
    if (is(field, Column)) return drizzleSql`${field}`.mapWith(field).as(`c${n++}`);
    if (is(field, SQL)) return field.as(`c${n++}`);
    if (is(field, SQL.Aliased)) return field.sql.as(`c${n++}`);
    if (is(field, Table)) return rename(getTableColumns(field));
    return Object.fromEntries(Object.entries(field as object).map(([k, v]) => [k, rename(v)]));
  };
  return rename(selection) as S;
}
