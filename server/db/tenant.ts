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

/** The role organization work runs as: it owns nothing, so the row-level policies of decision 024 always apply to it. */
export const TENANT_ROLE = 'switchboard_tenant';

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * The second wall (decision 024): a Kysely over the app's own driver whose every statement runs as
 * the tenant role with `app.organization_id` set — both LOCAL to a transaction, so they end with it
 * and no later user of the connection (a pooled Postgres connection, PGlite's only session) can
 * inherit them. A statement outside a transaction gets one of its own.
 */
export function organizationDb(driver: Driver, organizationId: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: postgresDialect(() => new OrganizationDriver(driver, entering(organizationId))) });
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

function organizationConnection(connection: DatabaseConnection): OrganizationConnection {
  if (!(connection instanceof OrganizationConnection)) throw new Error('not a connection of the organization database');
  return connection;
}

const innerOf = (connection: DatabaseConnection) => organizationConnection(connection).inner;
