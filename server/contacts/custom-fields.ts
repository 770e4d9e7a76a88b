import { sql } from 'kysely';
import { recordActivities } from '../activities/service';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, type FieldIssue } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { type ZCreateCustomFieldInput, type ZCustomFieldIdInput, type ZDeleteCustomFieldInput, type ZUpdateCustomFieldInput, CONTACT_LIMITS } from './schema';

export type CustomFieldDefinition = {
  id: string;
  key: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'select';
  options: string[];
  position: number;
  createdAt: string;
};

export async function loadDefinitions(db: Db, organizationId: string): Promise<CustomFieldDefinition[]> {
  const rows = await scoped(db, organizationId).selectFrom('custom_field_definitions').selectAll().orderBy('position').orderBy('created_at').execute();
  return rows.map((r) => ({ id: r.id, key: r.key, label: r.label, type: r.type, options: r.options, position: r.position, createdAt: r.created_at.toISOString() }));
}

export function listCustomFields(ctx: OrgContext) {
  return loadDefinitions(ctx.db, ctx.organizationId);
}

/** One definition as the list answers it. */
export async function getCustomField(ctx: OrgContext, input: z.output<typeof ZCustomFieldIdInput>) {
  const definition = (await loadDefinitions(ctx.db, ctx.organizationId)).find((d) => d.id === input.id);
  if (!definition) throw new DomainError('NOT_FOUND', 'Custom field not found');
  return definition;
}

/** A key from a label: "Birthday (VIP)" → birthday_vip. */
export function slugKey(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/g, '');
  if (!slug) return 'field';
  return /^[a-z]/.test(slug) ? slug : `f_${slug}`.slice(0, 40);
}

const keyTaken = () => new DomainError('CONFLICT', 'key: is already used by another custom field', { issues: [{ path: 'key', message: 'is already used by another custom field' }] });

export async function createCustomField(ctx: OrgContext, input: z.output<typeof ZCreateCustomFieldInput>) {
  const key = input.key ?? slugKey(input.label);
  const org = scoped(ctx.db, ctx.organizationId);
  const existing = await org.selectFrom('custom_field_definitions').select('id').where('key', '=', key).executeTakeFirst();
  if (existing) throw keyTaken();
  const last = await org
    .selectFrom('custom_field_definitions')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  try {
    const row = await org
      .insertInto('custom_field_definitions', { key, label: input.label, type: input.type, options: input.options, position: Number(last?.max ?? -1) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await loadDefinitions(ctx.db, ctx.organizationId)).find((d) => d.id === row.id)!;
  } catch (error) {
    // Two creations racing for one key: the unique constraint decides.
    if (String((error as { message?: string }).message).includes('custom_field_definitions_org_key')) throw keyTaken();
    throw error;
  }
}

async function findDefinition(db: Db, organizationId: string, id: string) {
  const row = await scoped(db, organizationId).selectFrom('custom_field_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Custom field not found');
  return row;
}

/** Label, options (select fields) and position can change; a field's key and type cannot, its values depend on them. */
export async function updateCustomField(ctx: OrgContext, input: z.output<typeof ZUpdateCustomFieldInput>) {
  const current = await findDefinition(ctx.db, ctx.organizationId, input.id);
  if (input.options !== undefined) {
    if (current.type !== 'select') throw new DomainError('VALIDATION', 'options: are only for select fields', { issues: [{ path: 'options', message: 'are only for select fields' }] });
    if (input.options.length === 0)
      throw new DomainError('VALIDATION', 'options: must list at least one option for a select field', { issues: [{ path: 'options', message: 'must list at least one option for a select field' }] });
    const removed = current.options.filter((o) => !input.options!.includes(o));
    if (removed.length > 0) {
      const inUse = await scoped(ctx.db, ctx.organizationId)
        .selectFrom('contacts')
        .select([sql<string>`contacts.custom_fields->>${current.key}`.as('value'), (eb) => eb.fn.countAll<string>().as('n')])
        .where(sql<boolean>`contacts.custom_fields->>${current.key} = any(${removed}::text[])`)
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      const first = inUse[0];
      if (first) {
        const message = `"${first.value}" is still set on ${Number(first.n)} contact${Number(first.n) === 1 ? '' : 's'}; change those first`;
        throw new DomainError('CONFLICT', `options: ${message}`, { issues: [{ path: 'options', message }] });
      }
    }
  }
  await scoped(ctx.db, ctx.organizationId)
    .updateTable('custom_field_definitions')
    .set({
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.options !== undefined ? { options: input.options } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
    })
    .where('id', '=', input.id)
    .execute();
  return (await loadDefinitions(ctx.db, ctx.organizationId)).find((d) => d.id === input.id)!;
}

/** Deletes a definition and its values on every contact, each removal on that contact's timeline. */
export async function deleteCustomField(ctx: OrgContext, input: z.output<typeof ZDeleteCustomFieldInput>): Promise<{ id: string; clearedContacts: number }> {
  const definition = await findDefinition(ctx.db, ctx.organizationId, input.id);
  const actorUserId = actorIdOf(ctx);
  const cleared = await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    const changed = await org
      .selectFrom('contacts')
      .select(['id', sql<unknown>`contacts.custom_fields->${definition.key}`.as('value')])
      .where(sql<boolean>`contacts.custom_fields ? ${definition.key}`)
      .forUpdate()
      .execute();
    if (changed.length > 0) {
      await org
        .updateTable('contacts')
        .set({ custom_fields: sql`contacts.custom_fields - ${definition.key}`, updated_at: new Date() })
        .where(sql<boolean>`contacts.custom_fields ? ${definition.key}`)
        .execute();
      await recordActivities(
        trx,
        changed.map((c) => ({
          organizationId: ctx.organizationId,
          contactId: c.id,
          type: 'field_changed',
          actorUserId,
          payload: { field: `customFields.${definition.key}`, from: c.value, to: null, reason: `custom field "${definition.label}" deleted` },
        })),
      );
    }
    await org.deleteFrom('custom_field_definitions').where('id', '=', input.id).execute();
    return changed.length;
  });
  return { id: input.id, clearedContacts: cleared };
}

// ——— Values ———

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export type CustomValue = string | number | null;

/**
 * Checks one value against its definition; `fromText` reads numbers written as text (CSV cells).
 * Returns the stored value (null clears) or the rule it breaks.
 */
export function checkCustomValue(definition: Pick<CustomFieldDefinition, 'type' | 'options'>, value: CustomValue, fromText = false): { ok: true; value: CustomValue } | { ok: false; message: string } {
  if (value === null || value === '') return { ok: true, value: null };
  switch (definition.type) {
    case 'text':
      if (typeof value !== 'string') return fromText ? { ok: true, value: String(value) } : { ok: false, message: 'must be text' };
      if (value.length > CONTACT_LIMITS.customText) return { ok: false, message: `must be at most ${CONTACT_LIMITS.customText} characters` };
      return { ok: true, value: value.trim() };
    case 'number': {
      const n = typeof value === 'number' ? value : fromText && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: 'must be a number' };
    }
    case 'date':
      return typeof value === 'string' && isDate(value.trim()) ? { ok: true, value: value.trim() } : { ok: false, message: 'must be a date as YYYY-MM-DD' };
    case 'select': {
      const text = typeof value === 'string' ? value.trim() : String(value);
      // Case does not matter; the option's own spelling is stored.
      const option = definition.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option !== undefined ? { ok: true, value: option } : { ok: false, message: `must be one of ${definition.options.join(', ')}` };
    }
  }
}

/** Validates custom field values against the organization's definitions; issues are named customFields.<key>. */
export function checkCustomValues(definitions: CustomFieldDefinition[], values: Record<string, CustomValue>, fromText = false): { values: Record<string, CustomValue>; issues: FieldIssue[] } {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const checked: Record<string, CustomValue> = {};
  const issues: FieldIssue[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const definition = byKey.get(key);
    if (!definition) {
      issues.push({ path: `customFields.${key}`, message: 'is not a custom field of this organization' });
      continue;
    }
    const result = checkCustomValue(definition, raw, fromText);
    if (result.ok) checked[key] = result.value;
    else issues.push({ path: `customFields.${key}`, message: result.message });
  }
  return { values: checked, issues };
}
