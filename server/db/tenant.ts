import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema';
import { TenantViewsPlugin } from './tenant-views';

/** The role organization work runs as: it owns nothing, so the row-level policies of decision 024 always apply to it. */
export const TENANT_ROLE = 'switchboard_tenant';

const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * Runs statements without parameters as ONE simple-protocol query (decision 044), so a transaction's
 * BEGIN and its settings are one message: on Postgres a raw statement without parameters already goes
 * by the simple protocol (postgres.js); PGlite's `query` takes one statement, so there it is `exec`.
 */
export type SimpleQuery = (connection: DatabaseConnection, text: string) => Promise<unknown>;

/** How the organization database reaches the app's driver. */
export type TenantDriver = {
  driver: Driver;
  simple: SimpleQuery;
  /**
   * Reads run each statement in a read-only transaction of its own on any pooled connection
   * (Postgres, decision 044), instead of one read transaction holding one connection (PGlite, whose
   * one session serialises everything anyway: decision 028).
   */
  pooledReads: boolean;
};

/** Isolation levels as Kysely names them; anything else is refused before it reaches the SQL text. */
const ISOLATION_LEVELS = new Set(['read uncommitted', 'read committed', 'repeatable read', 'serializable', 'snapshot']);

/**
 * The second wall (decision 024): a Kysely over the app's own driver whose every statement runs as
 * the tenant role with `app.organization_id` set — both LOCAL to a transaction, so they end with it
 * and no later user of the connection (a pooled Postgres connection, PGlite's only session) can
 * inherit them. A statement outside a transaction gets one of its own.
 */
export function organizationDb(tenant: TenantDriver, organizationId: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: postgresDialect(() => new OrganizationDriver(tenant, entering(organizationId), () => false)), plugins: [TENANT_VIEWS] });
}

/** Its SELECTs read the tenant views (decision 033): the policies' cost on query plans is gone. */
const TENANT_VIEWS = new TenantViewsPlugin();

/** One read's organization database and how to end its transaction (commit on success, roll back on error). */
export type ReadScope = { db: Kysely<Database>; end(outcome: 'commit' | 'rollback'): Promise<void> };

/**
 * A read (a tRPC query, a REST GET), read-only until `end()`: a read that tries to write fails
 * instead of committing. Anything the read still runs after `end()` (a response streamed afterwards)
 * gets the transaction per statement of `organizationDb`.
 *
 * - **Pooled (Postgres, decision 044):** each statement is `BEGIN READ ONLY` with the settings (one
 *   simple query), the statement and `COMMIT`, sent without waiting in between on a pooled
 *   connection — one round trip — and the connection goes back to the pool once `COMMIT` answered.
 *   A read's statements sent together (a page and its count) run side by side on several
 *   connections, as the system's do, and no connection is held between statements. `db.transaction()`
 *   inside a read is a read-only transaction of its own on one connection.
 * - **One transaction (PGlite, decision 028):** opened at the read's first statement (a read that
 *   never queries pays nothing) with `BEGIN READ ONLY` and the settings in one `exec`, holding the
 *   session until `end()`.
 */
export function organizationReadScope(tenant: TenantDriver, organizationId: string): ReadScope {
  const enter = entering(organizationId);
  if (tenant.pooledReads) {
    let ended = false;
    const db = new Kysely<Database>({ dialect: postgresDialect(() => new OrganizationDriver(tenant, enter, () => !ended)), plugins: [TENANT_VIEWS] });
    return {
      db,
      end: async () => {
        ended = true;
      },
    };
  }
  const transaction = new ReadTransaction(tenant, enter, new OrganizationDriver(tenant, enter, () => false));
  const db = new Kysely<Database>({ dialect: postgresDialect(() => new ReadScopeDriver(transaction)), plugins: [TENANT_VIEWS] });
  return { db, end: (outcome) => transaction.end(outcome) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant role and the organization, both until the end of the current transaction. The id is
 * written into the text (checked to be a UUID) rather than bound: a statement without parameters
 * goes by postgres.js's simple protocol, which measured half the cost of a bound one.
 */
function entering(organizationId: string): string {
  if (!UUID.test(organizationId)) throw new Error(`not an organization id: ${JSON.stringify(organizationId)}`);
  return `select set_config('role', '${TENANT_ROLE}', true), set_config('app.organization_id', '${organizationId}', true)`;
}

/** BEGIN (or START TRANSACTION with its settings) and the settings of the organization, as one simple query. */
function beginning(enter: string, settings: TransactionSettings = {}): string {
  const { isolationLevel, accessMode } = settings;
  if (isolationLevel && !ISOLATION_LEVELS.has(isolationLevel)) throw new Error(`unknown isolation level ${JSON.stringify(isolationLevel)}`);
  if (accessMode && accessMode !== 'read only' && accessMode !== 'read write') throw new Error(`unknown access mode ${JSON.stringify(accessMode)}`);
  return `start transaction${isolationLevel ? ` isolation level ${isolationLevel}` : ''}${accessMode ? ` ${accessMode}` : ''}; ${enter}`;
}

/** Both databases speak Postgres: the one dialect, over whichever driver. */
export function postgresDialect(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

/** Settles every statement sent together before answering, so none is left to reject unobserved. */
async function all<T extends unknown[]>(...sent: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as T;
}

class OrganizationConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly tenant: TenantDriver,
    private readonly enter: string,
    private readonly readOnly: () => boolean,
  ) {}

  /** A transaction's BEGIN with the settings; read-only while the read it belongs to lasts. */
  begin(settings: TransactionSettings = {}): Promise<unknown> {
    if (this.readOnly()) {
      if (settings.accessMode === 'read write') throw new Error('a read’s transaction is read-only');
      settings = { ...settings, accessMode: 'read only' };
    }
    return this.tenant.simple(this.inner, beginning(this.enter, settings));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    // BEGIN with the settings (one simple query), the statement and COMMIT are sent without waiting
    // in between: postgres.js pipelines them on the reserved connection (one round trip), PGlite runs
    // them in order. If the statement fails, COMMIT of the aborted transaction rolls it back. The
    // connection goes back only once COMMIT answered (decision 044: never deferred).
    const [, result] = await all(this.begin(), this.inner.executeQuery<R>(query), this.inner.executeQuery(COMMIT));
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.inTransaction) return yield* this.inner.streamQuery<R>(query, chunkSize);
    try {
      await this.begin();
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      await this.inner.executeQuery(ROLLBACK);
      throw error;
    }
    await this.inner.executeQuery(COMMIT);
  }
}

/** The app's driver, with every transaction entering the organization first. Opening and closing belong to the app's own Kysely. */
class OrganizationDriver implements Driver {
  private readonly inner: Driver;

  constructor(
    private readonly tenant: TenantDriver,
    private readonly enter: string,
    private readonly readOnly: () => boolean,
  ) {
    this.inner = tenant.driver;
  }

  async init(): Promise<void> {}

  async destroy(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new OrganizationConnection(await this.inner.acquireConnection(), this.tenant, this.enter, this.readOnly);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(innerOf(connection));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = organizationConnection(connection);
    try {
      await conn.begin(settings);
    } catch (error) {
      // Kysely rolls back only a transaction that began: one whose settings failed after its BEGIN
      // must not go back to the pool open (a ROLLBACK outside a transaction is only a warning).
      await this.inner.rollbackTransaction(conn.inner).catch(() => {});
      throw error;
    }
    conn.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = organizationConnection(connection);
    try {
      await this.inner.commitTransaction(conn.inner);
    } finally {
      conn.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = organizationConnection(connection);
    try {
      await this.inner.rollbackTransaction(conn.inner);
    } finally {
      conn.inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.savepoints('savepoint').call(this.inner, innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.savepoints('rollbackToSavepoint').call(this.inner, innerOf(connection), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.savepoints('releaseSavepoint').call(this.inner, innerOf(connection), name, compile);
  }

  private savepoints(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const run = this.inner[method];
    if (!run) throw new Error(`the database driver does not support ${method}`);
    return run;
  }
}

/**
 * The read's one transaction on one held connection. Statements are sent without waiting for the
 * ones before (postgres.js pipelines them on the reserved connection; PGlite runs them in order),
 * so the first is sent right behind its BEGIN and settings. A failed statement aborts the
 * transaction: it is rolled back at once and the next statement opens a new one, so a read that
 * recovers from an error goes on as it did with a transaction per statement.
 */
class ReadTransaction {
  private connection: Promise<DatabaseConnection> | undefined;
  private begun: Promise<unknown> | undefined;
  private rolledBack: Promise<unknown> = Promise.resolve();
  private ended = false;

  private readonly driver: Driver;

  constructor(
    private readonly tenant: TenantDriver,
    private readonly enter: string,
    readonly afterwards: OrganizationDriver,
  ) {
    this.driver = tenant.driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.ended) return this.afterStatement(query);
    const connection = await (this.connection ??= this.driver.acquireConnection());
    if (this.ended) return this.afterStatement(query);
    // BEGIN READ ONLY and the settings in one call (decision 044: PGlite's `exec`).
    const begun = (this.begun ??= this.tenant.simple(connection, beginning(this.enter, { accessMode: 'read only' })));
    const [, result] = await all(begun, connection.executeQuery<R>(query)).catch((error: unknown) => {
      if (this.begun === begun && !this.ended) {
        this.begun = undefined;
        this.rolledBack = connection.executeQuery(ROLLBACK).catch(() => {});
      }
      throw error;
    });
    return result;
  }

  /** A statement after the read ended: a transaction of its own, on a connection of its own. */
  private async afterStatement<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const connection = await this.afterwards.acquireConnection();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      await this.afterwards.releaseConnection(connection);
    }
  }

  async end(outcome: 'commit' | 'rollback'): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (!this.connection) return;
    const connection = await this.connection;
    try {
      await this.rolledBack;
      if (this.begun) {
        await this.begun.catch(() => {});
        // COMMIT of a transaction a statement aborted rolls it back; if COMMIT itself fails, ROLLBACK
        // so the connection goes home without a transaction.
        await connection.executeQuery(outcome === 'commit' ? COMMIT : ROLLBACK).catch(() => connection.executeQuery(ROLLBACK));
      }
    } finally {
      await this.driver.releaseConnection(connection);
    }
  }
}

/** A statement of the read: in its transaction, or, once the read ended, in one of its own. */
class ReadScopeConnection implements DatabaseConnection {
  constructor(private readonly transaction: ReadTransaction) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.transaction.executeQuery<R>(query);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    // A cursor could outlive the read's transaction; no read streams today.
    throw new Error('streaming is not supported inside a read scope');
  }
}

/**
 * The read scope's driver. `db.transaction()` inside a read runs in the read's transaction (already
 * read-only, with the settings), so beginning, committing and rolling it back send nothing: a failed
 * statement has already rolled the read's transaction back.
 */
class ReadScopeDriver implements Driver {
  constructor(private readonly transaction: ReadTransaction) {}

  async init(): Promise<void> {}

  async destroy(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReadScopeConnection(this.transaction);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel || settings.accessMode) throw new Error('a read scope’s transaction takes no isolation level or access mode of its own');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}
}

function organizationConnection(connection: DatabaseConnection): OrganizationConnection {
  if (!(connection instanceof OrganizationConnection)) throw new Error('not a connection of the organization database');
  return connection;
}

const innerOf = (connection: DatabaseConnection) => organizationConnection(connection).inner;
