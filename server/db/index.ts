import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import { PGliteDialect } from 'kysely-pglite-dialect';
import postgres from 'postgres';
import type { Database } from './schema';

export type { Database } from './schema';
export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query, rejects with the reason otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * LISTENs on a channel (Postgres: a dedicated connection; PGlite: its own session) and calls
   * back with each NOTIFY payload, delivered only once the notifying transaction commits.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

/**
 * Both drivers read values alike: int8 (counts, ids, minor units) as a JS number — no value we
 * store nears 2^53 — and date as its 'YYYY-MM-DD' text, which has no time zone to shift.
 */
const INT8 = 20;
const DATE = 1082;
const JSON_OID = 114;
const JSONB_OID = 3802;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      connect_timeout: 5,
      onnotice: () => {},
      types: {
        int8: { to: INT8, from: [INT8], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
        date: { to: DATE, from: [DATE], serialize: (v: string) => v, parse: (v: string) => v },
        // Json columns are written as JSON text (schema.ts: Json<T>), as PGlite takes them; postgres.js
        // would JSON-encode that text again and store a jsonb string. Objects (pg-boss) still encode.
        json: { to: JSON_OID, from: [JSON_OID, JSONB_OID], serialize: (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v)), parse: (v: string) => JSON.parse(v) },
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) });
    return handle(db, 'postgres', async (channel, onPayload) => {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
    // Trigram search indexes and the GiST index of stage entries exist on both databases (db/migrations create the extensions).
    extensions: { pg_trgm, btree_gist },
    parsers: { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return handle(db, 'pglite', async (channel, onPayload) => {
    const unlisten = await pglite.listen(channel, onPayload);
    return () => unlisten();
  });
}

function handle(db: Db, kind: DatabaseKind, listen: DatabaseHandle['listen']): DatabaseHandle {
  let closed = false;
  return {
    db,
    kind,
    listen,
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('database connection is closed');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
