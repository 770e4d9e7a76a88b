import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { escapeLike } from '../db/like';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { keysetPage, pageQuery, type SortKey } from '../db/keyset';
import { and, contactsOf, filterConditions, sortKeys, toContact } from './repo';
import { CONTACT_LIMITS, DEFAULT_DIRECTION, ZContactFilter, type TContactFilter, type ZListContactsInput, type ZListContactTagsInput } from './schema';
import { organizationSettings } from './state';

// ——— The contacts list: search, filters, sort, pages, and the tags in use ———

export async function listContacts(ctx: OrgContext, input: z.output<typeof ZListContactsInput>) {
  const [ownerOnly, settings] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId)]);
  const direction = input.direction ?? DEFAULT_DIRECTION[input.sort];
  const keys = sortKeys(input.sort, direction);
  const changedSince = input.updatedAfter ? [sql<SqlBool>`contacts.updated_at > ${new Date(input.updatedAfter)}`] : [];
  const where = and([...filterConditions(input, settings.timezone), ...changedSince]);
  const contacts = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email'])
    .where(where);
  const page = pageQuery(contacts, keys, { ...input, sort: input.sort, dir: direction });
  const [rows, total] = await Promise.all([page.execute(), countContacts(ctx, input, ownerOnly, where, changedSince.length > 0)]);
  const { items, nextCursor } = keysetPage(rows, input.limit, input.sort, direction);
  return {
    items: items.map(toContact),
    /** Matches: exact, or CONTACT_LIMITS.countCap when there are more (see totalIsLowerBound). */
    total: total.n,
    /** True when more than `total` contacts match. */
    totalIsLowerBound: total.atLeast,
    /** null when the page came from a cursor. */
    page: input.cursor ? null : input.page,
    limit: input.limit,
    nextCursor,
  };
}

/**
 * Tags with how many (visible) contacts carry them, most used first or by name, a keyset page
 * (server/db/keyset.ts) after the cursor.
 */
export async function listContactTags(ctx: OrgContext, input: z.output<typeof ZListContactTagsInput>): Promise<{ items: { tag: string; count: number }[]; nextCursor: string | null }> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const pattern = input.prefix ? `${escapeLike(input.prefix.toLowerCase())}%` : null;
  // A rep who sees only their own contacts gets counts over those (a small set); everyone else reads
  // the per-organization counts the contacts triggers maintain.
  const counts = ownerOnly
    ? ctx.db
        .selectFrom(
          contactsOf(ctx.db, ctx.organizationId, ownerOnly)
            .select(sql<string>`unnest(contacts.tags)`.as('tag'))
            .as('t'),
        )
        .select(['t.tag', sql<string>`count(*)::bigint`.as('n')])
        .$if(pattern !== null, (q) => q.where(sql<boolean>`lower(t.tag) like ${pattern}`))
        .groupBy('t.tag')
    : scoped(ctx.db, ctx.organizationId)
        .selectFrom('contact_tag_counts')
        .select(['tag', sql<string>`contact_count::bigint`.as('n')])
        .$if(pattern !== null, (q) => q.where(sql<boolean>`lower(tag) like ${pattern}`));
  const tag: SortKey = { expr: sql`g.tag`, type: 'text', dir: 'asc' };
  const keys: SortKey[] = input.sort === 'tag' ? [tag] : [{ expr: sql`g.n`, type: 'bigint', dir: 'desc' }, tag];
  const dir = input.sort === 'tag' ? 'asc' : 'desc';
  const rows = await pageQuery(ctx.db.selectFrom(counts.as('g')).select(['g.tag', 'g.n']), keys, { sort: input.sort, dir, cursor: input.cursor, page: 1, limit: input.limit }).execute();
  const { items, nextCursor } = keysetPage(rows, input.limit, input.sort, dir);
  return { items: items.map((r) => ({ tag: r.tag, count: Number(r.n) })), nextCursor };
}

/**
 * How many contacts a list matches. Without a filter, or with only a tag, the counts the contacts
 * triggers keep answer exactly at once; otherwise matches are counted up to CONTACT_LIMITS.countCap.
 */
async function countContacts(ctx: OrgContext, filter: TContactFilter, ownerOnly: string | null, where: Expression<SqlBool>, changedSince: boolean): Promise<{ n: number; atLeast: boolean }> {
  const narrowed = changedSince || (Object.keys(ZContactFilter.shape) as (keyof TContactFilter)[]).some((key) => key !== 'tag' && filter[key] !== undefined && filter[key] !== '');
  if (!ownerOnly && !narrowed) {
    const org = scoped(ctx.db, ctx.organizationId);
    const row = filter.tag
      ? await org.selectFrom('contact_tag_counts').select('contact_count as n').where('tag', '=', filter.tag).executeTakeFirst()
      : await org.selectFrom('organization_contact_counts').select('contacts as n').executeTakeFirst();
    return { n: row?.n ?? 0, atLeast: false };
  }
  const matches = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .select(sql<number>`1`.as('one'))
    .where(where)
    .limit(CONTACT_LIMITS.countCap + 1);
  const { n } = await ctx.db
    .selectFrom(matches.as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { n: Math.min(Number(n), CONTACT_LIMITS.countCap), atLeast: Number(n) > CONTACT_LIMITS.countCap };
}
