import { sql, type ColumnType, type Insertable, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import type { Database } from './schema';

/** A column's value as JSON carries it: a Json column (select type not text, insert type its JSON text) takes the value itself. */
type JsonValue<C> = C extends ColumnType<infer S, infer I, infer _U> ? ([I] extends [string | undefined] ? ([S] extends [string | null] ? I : S | Exclude<I, string>) : I) : C;

/** A row for insertJsonRows: the table's insert type, Json columns as values (jsonb_populate_recordset makes them jsonb itself). */
export type JsonRow<R> = { [K in keyof Insertable<R>]: K extends keyof R ? JsonValue<R[K]> : never };

/**
 * An insert of many rows through ONE bound parameter: `insert into <table> (<columns>) select …
 * from jsonb_populate_recordset(null::<table>, $1)`, which reads the JSON array back as the table's
 * own row type. A multi-row VALUES binds a parameter per column and row, which the driver encodes
 * one by one and Postgres parses and plans one by one: thousands for a batch of 100 e-mails. Every
 * row names the same columns (the first row's are the ones inserted; a value left undefined is
 * null, not the column's default); the columns no row names take their defaults. The rows are
 * inserted in their order. Chain onConflict, returning… as on any insert.
 */
export function insertJsonRows<T extends keyof Database & string>(
  db: Pick<Kysely<Database>, 'insertInto'>,
  table: T,
  rows: readonly JsonRow<Database[T]>[],
): InsertQueryBuilder<Database, T, InsertResult> {
  if (rows.length === 0) throw new Error(`insertJsonRows(${table}) needs at least one row`);
  const names = Object.keys(rows[0]!);
  const select = sql`select ${sql.join(names.map((name) => sql.ref(`r.${name}`)))} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb) as r`;
  // The names are the row type's keys, which Kysely cannot follow through Object.keys.
  return db
    .insertInto(table)
    .columns(names as never)
    .expression(select);
}
