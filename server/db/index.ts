import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
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
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      connect_timeout: 5,
      onnotice: () => {},
    });
    const db = new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) });
    return handle(db, 'postgres');
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return handle(db, 'pglite');
}

function handle(db: Db, kind: DatabaseKind): DatabaseHandle {
  let closed = false;
  return {
    db,
    kind,
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
