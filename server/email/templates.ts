import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, unknownRecord } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { templateVariables } from '../templates/variables';
import type { ZCreateEmailTemplateInput, ZEmailTemplateIdInput, ZUpdateEmailTemplateInput } from './schema';

// The organization's e-mail templates: a name, a subject and a body with {{variables}} and fallbacks.

export type TemplateRow = { id: string; name: string; subject: string; body: string; created_at: Date; updated_at: Date };

function toTemplate(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    variables: templateVariables(`${row.subject}\n${row.body}`),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const COLUMNS = ['id', 'name', 'subject', 'body', 'created_at', 'updated_at'] as const;

/** A template of the organization, or NOT_FOUND naming `field`. */
export async function requireEmailTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, id: string, field = 'id'): Promise<TemplateRow> {
  const row = await scoped(ctx.db, ctx.organizationId).selectFrom('email_templates').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw unknownRecord(field, 'is not a template of this organization');
  return row;
}

/** findEmailTemplates as a subquery of a caller's own lookups (one select): the rows, dates as JSON text (templatesFrom reads them back). */
export function templateReads(db: Db, organizationId: string, ids: string[]) {
  return jsonArrayFrom(
    scoped(db, organizationId)
      .selectFrom('email_templates')
      .select(COLUMNS)
      .where('id', '=', sql<string>`any(${ids}::uuid[])`),
  );
}

/** What templateReads read, by id. */
export function templatesFrom(rows: { id: string; name: string; subject: string; body: string; created_at: Date | string; updated_at: Date | string }[]): Map<string, TemplateRow> {
  return new Map(rows.map((row) => [row.id, { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) }]));
}

/** The organization's templates of these ids, by id, in one query (unknown ids are absent). */
export async function findEmailTemplates(ctx: Pick<OrgContext, 'db' | 'organizationId'>, ids: string[]): Promise<Map<string, TemplateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await scoped(ctx.db, ctx.organizationId).selectFrom('email_templates').select(COLUMNS).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listEmailTemplates(ctx: Pick<OrgContext, 'db' | 'organizationId'>) {
  const rows = await scoped(ctx.db, ctx.organizationId).selectFrom('email_templates').select(COLUMNS).orderBy('name').orderBy('id').execute();
  return rows.map(toTemplate);
}

export async function getEmailTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id }: z.output<typeof ZEmailTemplateIdInput>) {
  return toTemplate(await requireEmailTemplate(ctx, id));
}

async function assertNameFree(db: Db, organizationId: string, name: string, exceptId?: string) {
  let query = scoped(db, organizationId)
    .selectFrom('email_templates')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw new DomainError('CONFLICT', 'name: a template with this name already exists', { issues: [{ path: 'name', message: 'a template with this name already exists' }] });
  }
}

export async function createEmailTemplate(ctx: OrgContext, input: z.output<typeof ZCreateEmailTemplateInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${ctx.organizationId}:email-template-names`}))`.execute(trx);
    await assertNameFree(trx, ctx.organizationId, input.name);
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('email_templates', { ...input, created_by: actorIdOf(ctx) })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  });
}

export async function updateEmailTemplate(ctx: OrgContext, { id, ...changes }: z.output<typeof ZUpdateEmailTemplateInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${ctx.organizationId}:email-template-names`}))`.execute(trx);
    await requireEmailTemplate({ db: trx, organizationId: ctx.organizationId }, id);
    if (changes.name !== undefined) await assertNameFree(trx, ctx.organizationId, changes.name, id);
    const row = await scoped(trx, ctx.organizationId)
      .updateTable('email_templates')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  });
}

export async function deleteEmailTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id }: z.output<typeof ZEmailTemplateIdInput>) {
  const deleted = await scoped(ctx.db, ctx.organizationId).deleteFrom('email_templates').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw unknownRecord('id', 'is not a template of this organization');
  return { id };
}
