import type { DeleteQueryBuilder, DeleteResult, Insertable, InsertQueryBuilder, InsertResult, Kysely, SelectQueryBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, OrgTable } from './schema';

type Executor = Pick<Kysely<Database>, 'selectFrom' | 'updateTable' | 'deleteFrom' | 'insertInto'>;
type OrgInsert<T extends OrgTable> = Omit<Insertable<Database[T]>, 'organization_id'>;

/**
 * The one door to organization-owned tables: every query it builds is already limited to the
 * organization, which comes from the authenticated context, never from request input.
 */
export function scoped(db: Executor, organizationId: string) {
  // Kysely cannot type a where() on a generic table; the casts restore the caller's precise types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const loose = db as any;
  const column = (table: OrgTable) => `${table}.organization_id`;
  return {
    organizationId,
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    selectFrom<T extends OrgTable>(table: T): SelectQueryBuilder<Database, T, {}> {
      return loose.selectFrom(table).where(column(table), '=', organizationId);
    },
    updateTable<T extends OrgTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
      return loose.updateTable(table).where(column(table), '=', organizationId);
    },
    deleteFrom<T extends OrgTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
      return loose.deleteFrom(table).where(column(table), '=', organizationId);
    },
    insertInto<T extends OrgTable>(table: T, values: OrgInsert<T> | OrgInsert<T>[]): InsertQueryBuilder<Database, T, InsertResult> {
      const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, organization_id: organizationId }));
      return loose.insertInto(table).values(rows);
    },
  };
}

export type Scoped = ReturnType<typeof scoped>;
