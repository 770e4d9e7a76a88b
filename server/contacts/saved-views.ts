import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { type ZCreateSavedViewInput, type ZDeleteSavedViewInput, type ZUpdateSavedViewInput, type TContactColumn, type TContactFilter, type TContactSort } from './schema';

/** Saved views of the contacts list are personal: each member sees and changes only their own. */
const ENTITY = 'contacts';

function userOf(ctx: OrgContext): string {
  if (!ctx.auth.user) throw new DomainError('FORBIDDEN', 'Saved views belong to a signed-in member, not an API key');
  return ctx.auth.user.id;
}

type ViewRow = { id: string; name: string; filters: unknown; columns: string[]; sort: unknown; created_at: Date };

function toView(row: ViewRow) {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters as TContactFilter,
    columns: row.columns as TContactColumn[],
    sort: row.sort as { field: TContactSort; direction: 'asc' | 'desc' } | null,
    createdAt: row.created_at.toISOString(),
  };
}
export type SavedView = ReturnType<typeof toView>;

const views = (db: Db, ctx: OrgContext) =>
  scoped(db, ctx.organizationId).selectFrom('saved_views').select(['id', 'name', 'filters', 'columns', 'sort', 'created_at']).where('entity', '=', ENTITY).where('user_id', '=', userOf(ctx));

export async function listSavedViews(ctx: OrgContext) {
  const rows = await views(ctx.db, ctx).orderBy('name').execute();
  return rows.map(toView);
}

export async function getSavedView(ctx: OrgContext, id: string): Promise<SavedView> {
  const row = await views(ctx.db, ctx).where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Saved view not found');
  return toView(row);
}

async function assertNameFree(ctx: OrgContext, name: string, exceptId?: string) {
  let query = views(ctx.db, ctx).where('name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst())
    throw new DomainError('CONFLICT', 'name: you already have a view with this name', { issues: [{ path: 'name', message: 'you already have a view with this name' }] });
}

export async function createSavedView(ctx: OrgContext, input: z.output<typeof ZCreateSavedViewInput>) {
  const userId = userOf(ctx);
  await assertNameFree(ctx, input.name);
  const row = await scoped(ctx.db, ctx.organizationId)
    .insertInto('saved_views', { user_id: userId, entity: ENTITY, name: input.name, filters: JSON.stringify(input.filters), columns: input.columns, sort: JSON.stringify(input.sort) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getSavedView(ctx, row.id);
}

export async function updateSavedView(ctx: OrgContext, input: z.output<typeof ZUpdateSavedViewInput>) {
  await getSavedView(ctx, input.id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, input.id);
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.filters !== undefined ? { filters: JSON.stringify(input.filters) } : {}),
    ...(input.columns !== undefined ? { columns: input.columns } : {}),
    ...(input.sort !== undefined ? { sort: JSON.stringify(input.sort) } : {}),
  };
  if (Object.keys(set).length > 0) {
    await scoped(ctx.db, ctx.organizationId).updateTable('saved_views').set(set).where('id', '=', input.id).where('user_id', '=', userOf(ctx)).execute();
  }
  return getSavedView(ctx, input.id);
}

export async function deleteSavedView(ctx: OrgContext, { id }: z.output<typeof ZDeleteSavedViewInput>): Promise<{ id: string }> {
  const result = await scoped(ctx.db, ctx.organizationId).deleteFrom('saved_views').where('id', '=', id).where('entity', '=', ENTITY).where('user_id', '=', userOf(ctx)).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('NOT_FOUND', 'Saved view not found');
  return { id };
}
