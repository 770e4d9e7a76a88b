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

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const BEGIN_READ_ONLY = CompiledQuery.raw('begin read only');

/**
 * The second wall (decision 024): a Kysely over the app's own driver whose every statement runs as
 * the tenant role with `app.organization_id` set — both LOCAL to a transaction, so they end with it
 * and no later user of the connection (a pooled Postgres connection, PGlite's only session) can
 * inherit them. A statement outside a transaction gets one of its own.
 */
export function organizationDb(driver: Driver, organizationId: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: postgresDialect(() => new OrganizationDriver(driver, entering(organizationId))), plugins: [TENANT_VIEWS] });
}

/** Its SELECTs read the tenant views (decision 033): the policies' cost on query plans is gone. */
const TENANT_VIEWS = new TenantViewsPlugin();

/** One read's organization database and how to end its transaction (commit on success, roll back on error). */
export type ReadScope = { db: Kysely<Database>; end(outcome: 'commit' | 'rollback'): Promise<void> };

/**
 * A read (a tRPC query, a REST GET) in ONE read-only transaction (decision 028): opened at its first
 * statement — a read that never queries pays nothing — with the role and the organization set once,
 * and ended by `end()` when the read ends. Read-only, so a read that tries to write fails instead of
 * committing. It holds one connection (PGlite: the session) from its first statement to `end()`;
 * anything the read still runs after `end()` (a response streamed afterwards) gets today's
 * transaction per statement.
 */
export function organizationReadScope(driver: Driver, organizationId: string): ReadScope {
  const enter = entering(organizationId);
  const transaction = new ReadTransaction(driver, enter, new OrganizationDriver(driver, enter));
  const db = new Kysely<Database>({ dialect: postgresDialect(() => new ReadScopeDriver(transaction)), plugins: [TENANT_VIEWS] });
  return { db, end: (outcome) => transaction.end(outcome) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant role and the organization, both until the end of the current transaction. The id is
 * written into the text (checked to be a UUID) rather than bound: a statement without parameters
 * goes by postgres.js's simple protocol, which measured half the cost of a bound one.
 */
function entering(organizationId: string): CompiledQuery {
  if (!UUID.test(organizationId)) throw new Error(`not an organization id: ${JSON.stringify(organizationId)}`);
  return CompiledQuery.raw(`select set_config('role', '${TENANT_ROLE}', true), set_config('app.organization_id', '${organizationId}', true)`);
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
    private readonly enter: CompiledQuery,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    // BEGIN, the settings, the statement and COMMIT are sent without waiting in between: postgres.js
    // pipelines them on the reserved connection (one round trip), PGlite runs them in order. If the
    // statement fails, COMMIT of the aborted transaction rolls it back.
    const [, , result] = await all(this.inner.executeQuery(BEGIN), this.inner.executeQuery(this.enter), this.inner.executeQuery<R>(query), this.inner.executeQuery(COMMIT));
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.inTransaction) return yield* this.inner.streamQuery<R>(query, chunkSize);
    await this.inner.executeQuery(BEGIN);
    try {
      await this.inner.executeQuery(this.enter);
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
  constructor(
    private readonly inner: Driver,
    private readonly enter: CompiledQuery,
  ) {}

  async init(): Promise<void> {}

  async destroy(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new OrganizationConnection(await this.inner.acquireConnection(), this.enter);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(innerOf(connection));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = organizationConnection(connection);
    // The driver sends its BEGIN before its first await, so the settings follow it in the same round trip.
    const [begun, entered] = await Promise.allSettled([this.inner.beginTransaction(conn.inner, settings), conn.inner.executeQuery(this.enter)]);
    if (begun.status === 'rejected') throw begun.reason;
    if (entered.status === 'rejected') {
      // Kysely rolls back only a transaction that began: this one must not go back to the pool open.
      await this.inner.rollbackTransaction(conn.inner);
      throw entered.reason;
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

  constructor(
    private readonly driver: Driver,
    private readonly enter: CompiledQuery,
    readonly afterwards: OrganizationDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.ended) return this.afterStatement(query);
    const connection = await (this.connection ??= this.driver.acquireConnection());
    if (this.ended) return this.afterStatement(query);
    const begun = (this.begun ??= all(connection.executeQuery(BEGIN_READ_ONLY), connection.executeQuery(this.enter)));
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
