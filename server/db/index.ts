import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CompiledQuery, Kysely, sql, type DatabaseConnection, type Dialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import { PGliteDialect } from 'kysely-pglite-dialect';
import postgres from 'postgres';
import type { Database } from './schema';
import { tableStatistics, type TableStatistics } from './statistics';
import { organizationDb, organizationReadScope, postgresDialect, type ReadScope, type TenantDriver } from './tenant';

export type { Database } from './schema';
export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /**
   * The database as one organization sees it (decision 024): with `rowLevelSecurity`, every
   * statement runs as the tenant role with the organization set, so the row-level policies return
   * and accept only its rows; without, the system's. The organization context's `db`; `db` itself
   * stays the system's (jobs, consumers, sign-in).
   */
  forOrganization(organizationId: string): Db;
  /**
   * The database for one read of the organization (a tRPC query, a REST GET): with
   * `rowLevelSecurity`, read-only until `end()` — on Postgres each statement a read-only transaction
   * of its own on any pooled connection (decision 044), on PGlite one read-only transaction that sets
   * the role and the organization once (decision 028). Without, the system's database.
   */
  readForOrganization(organizationId: string): ReadScope;
  /** Resolves when the database answers a trivial query, rejects with the reason otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * LISTENs on a channel (Postgres: a dedicated connection; PGlite: its own session) and calls
   * back with each NOTIFY payload, delivered only once the notifying transaction commits.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Connections in use now and the most there can be (PGlite: its one session). */
  pool(): { inUse: number; max: number };
  /** Rows a committed bulk write added (server/db/statistics.ts: the table is analysed past a threshold). */
  bulkWrote: TableStatistics['bulkWrote'];
  close(): Promise<void>;
};

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined keeps the database in memory (tests). */
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** A dumped data directory (dumpDataDir) to start from instead of a new cluster: the test suites' migrated database. */
      loadDataDir?: Blob;
    }
) & {
  /** forOrganization() runs under the row-level policies (decision 024); without, it is the system's database. */
  rowLevelSecurity?: boolean;
};

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
    return handle(new PostgresJSDialect({ postgres: client }), 'postgres', options, options.maxConnections ?? 10, async (channel, onPayload) => {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    });
  }
  const pglite = await openPGlite(options.dataDir, options.loadDataDir);
  return handle(new PGliteDialect(pglite), 'pglite', options, 1, async (channel, onPayload) => {
    const unlisten = await pglite.listen(channel, onPayload);
    return () => unlisten();
  });
}

/**
 * The embedded cluster itself, as openDatabase opens it (the db: scripts dump and copy it): dataDir
 * undefined keeps it in memory; loadDataDir starts it from a dump.
 */
export async function openPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir ?? 'memory://', {
    // Trigram search indexes and the GiST index of stage entries exist on both databases (db/migrations create the extensions).
    extensions: { pg_trgm, btree_gist },
    loadDataDir,
    parsers: { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
}

/**
 * The app's dependencies as one organization's request sees them: their database is the
 * organization's (decision 024), so services reading `deps.database.db` meet the policies too.
 */
export function actingForOrganization<D extends { database: DatabaseHandle }>(deps: D, organizationId: string): D {
  return { ...deps, database: { ...deps.database, db: deps.database.forOrganization(organizationId) } };
}

/**
 * The same for one read (decision 028): the dependencies and the `end()` the door calls when the read
 * ended — committed on success, rolled back on error.
 */
export function readingForOrganization<D extends { database: DatabaseHandle }>(deps: D, organizationId: string): { deps: D; end: ReadScope['end'] } {
  const { db, end } = deps.database.readForOrganization(organizationId);
  return { deps: { ...deps, database: { ...deps.database, db } }, end };
}

/** Postgres: a raw statement without parameters goes by postgres.js's simple protocol, several statements in one query. */
const simpleQuery = (connection: DatabaseConnection, text: string) => connection.executeQuery(CompiledQuery.raw(text));

/** PGlite: `query` takes one statement (extended protocol); `exec` runs several in one call. */
function pgliteExec(connection: DatabaseConnection, text: string): Promise<unknown> {
  const client = (connection as DatabaseConnection & { client?: PGlite }).client;
  if (!client) throw new Error('not a PGlite connection');
  return client.exec(text);
}

async function handle(dialect: Dialect, kind: DatabaseKind, { rowLevelSecurity = false }: DatabaseOptions, maxConnections: number, listen: DatabaseHandle['listen']): Promise<DatabaseHandle> {
  // One driver for the system's Kysely and every organization's: on PGlite it is what serialises the
  // one session, on Postgres it holds the pool. The system's Kysely opens and closes it.
  const driver = dialect.createDriver();
  await driver.init();
  // Connections handed out and not yet given back, for /metrics (the drivers do not tell).
  let inUse = 0;
  const acquire = driver.acquireConnection.bind(driver);
  const release = driver.releaseConnection.bind(driver);
  driver.acquireConnection = async () => {
    const connection = await acquire();
    inUse += 1;
    return connection;
  };
  driver.releaseConnection = async (connection) => {
    inUse -= 1;
    await release(connection);
  };
  const db = new Kysely<Database>({ dialect: postgresDialect(() => driver) });
  const tenant: TenantDriver = { driver, simple: kind === 'pglite' ? pgliteExec : simpleQuery, pooledReads: kind === 'postgres' };
  let closed = false;
  const statistics = tableStatistics(db, (error) => console.warn(`[db] ANALYZE after a bulk write failed: ${error instanceof Error ? error.message : String(error)}`));
  return {
    db,
    kind,
    bulkWrote: (table, rows) => {
      if (!closed) statistics.bulkWrote(table, rows);
    },
    forOrganization: (organizationId) => (rowLevelSecurity ? organizationDb(tenant, organizationId) : db),
    readForOrganization: (organizationId) => (rowLevelSecurity ? organizationReadScope(tenant, organizationId) : { db, end: async () => {} }),
    listen,
    pool: () => ({ inUse, max: maxConnections }),
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
      await statistics.settled();
      await db.destroy();
    },
  };
}
