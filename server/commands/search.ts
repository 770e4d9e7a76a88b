import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { appointmentsMatching } from '../appointments/service';
import { and, contactsOf, displayName, filterConditions } from '../contacts/repo';
import { likePattern } from '../db/like';
import { scoped } from '../db/scoped';
import { dealsMatching } from '../deals/service';
import type { Permission } from '../kernel/permissions';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { openTasksMatching } from '../tasks/service';
import { zonedParts } from '../time/zoned';
import { HITS_PER_KIND, SCREENS, SEARCH_KINDS, type TSearchHit, type TSearchKind, type ZGlobalSearchInput } from './schema';

/**
 * The palette's global search: contacts, deals, tasks, appointments, workflows and the app's pages,
 * each kind the caller's role may read, through the same visibility rules as each list (a Sales Rep
 * who sees only their own records finds only those). Contacts use the contacts list's indexed search
 * (server/contacts/repo.ts); when a word finds no one, an accent-blind match finds "Zoë" for "Zoe".
 * Each kind is one uncounted query of its first HITS_PER_KIND hits on an index (issue #21): titles by
 * `titleMatches` (server/db/like.ts) on their trigram indexes.
 */
export async function globalSearch(ctx: OrgContext, input: z.output<typeof ZGlobalSearchInput>): Promise<{ hits: TSearchHit[]; fuzzy: boolean }> {
  const wanted = new Set<TSearchKind>(input.kinds?.length ? input.kinds : SEARCH_KINDS);
  const may = (kind: TSearchKind, permission: Permission) => wanted.has(kind) && ctx.auth.permissions.includes(permission);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  // One read-only transaction serves a tRPC query (decision 028): the kinds' queries are sent together,
  // so postgres.js pipelines them on its connection (one round trip, not one per kind); PGlite runs them in turn.
  const [contacts, deals, tasks, appointments, workflows] = await Promise.all([
    may('contact', 'contacts:read') ? searchContacts(ctx, ownerOnly, input.q) : { hits: [], fuzzy: false },
    may('deal', 'deals:read') ? searchDeals(ctx, ownerOnly, input.q) : [],
    may('task', 'tasks:read') ? searchTasks(ctx, ownerOnly, input.q) : [],
    may('appointment', 'appointments:read') ? searchAppointments(ctx, ownerOnly, input.q) : [],
    may('workflow', 'automations:read') ? searchWorkflows(ctx, input.q) : [],
  ]);
  const pages = wanted.has('page') ? searchPages(ctx, input.q) : [];
  return { hits: [...contacts.hits, ...deals, ...tasks, ...appointments, ...workflows, ...pages], fuzzy: contacts.fuzzy };
}

async function searchContacts(ctx: OrgContext, ownerOnly: string | null, q: string): Promise<{ hits: TSearchHit[]; fuzzy: boolean }> {
  const base = () =>
    contactsOf(ctx.db, ctx.organizationId, ownerOnly)
      .select(['contacts.id', 'contacts.first_name', 'contacts.last_name', 'contacts.email', 'contacts.phone', 'contacts.company_name'])
      .orderBy('contacts.created_at', 'desc')
      .orderBy('contacts.id', 'desc')
      .limit(HITS_PER_KIND);
  // The filter names no date, so the zone is never read.
  let rows = await base()
    .where(and(filterConditions({ q }, 'UTC')))
    .execute();
  let fuzzy = false;
  const folded = accentBlindPatterns(q);
  if (rows.length === 0 && folded) {
    rows = await base()
      .where(and(folded.map((pattern) => sql<SqlBool>`contacts.search_text ~ ${pattern}`)))
      .execute();
    fuzzy = rows.length > 0;
  }
  const hits = rows.map((row) => ({
    kind: 'contact' as const,
    id: row.id,
    title: displayName(row),
    detail: [row.email, row.phone, row.company_name].filter(Boolean).join(' · ') || null,
    link: `/contacts/${row.id}`,
  }));
  return { hits, fuzzy };
}

/** Letters that people type without their accents, and the accented forms they stand for. */
const ACCENTED: Record<string, string> = { a: 'aàáâãäå', c: 'cç', e: 'eèéêë', i: 'iìíîï', n: 'nñ', o: 'oòóôõöø', u: 'uùúûü', y: 'yýÿ' };

/**
 * A regular expression per word of three letters or more, matching it in either accent form ("zoe" →
 * "z[oòó…][eèé…]"), all of which must match; null when these words have no foldable letter, where the
 * plain search already said all there is. The trigram index serves each such expression; not a
 * shorter word's (its every candidate was read and tested: 300 ms for "zoe mz" at 1,000,000 contacts),
 * nor one expression of lookaheads (a query finding no one read every contact: 37 s; issue #21).
 */
function accentBlindPatterns(q: string): string[] | null {
  const words = q
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/\s+/)
    .filter((word) => [...word].length >= 3);
  if (!words.some((word) => /[aceinouy]/.test(word))) return null;
  return words.map((word) => [...word].map((ch) => (ACCENTED[ch] ? `[${ACCENTED[ch]}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join(''));
}

async function searchDeals(ctx: OrgContext, ownerOnly: string | null, q: string): Promise<TSearchHit[]> {
  const deals = await dealsMatching(ctx, ownerOnly, q, HITS_PER_KIND);
  return deals.map((deal) => ({
    kind: 'deal' as const,
    id: deal.id,
    title: deal.title,
    detail: [deal.stage.name, `${(deal.value.valueMinor / 100).toFixed(2)} ${deal.value.currency}`, deal.contact?.name].filter(Boolean).join(' · '),
    link: `/pipeline/deals/${deal.id}`,
  }));
}

async function searchTasks(ctx: OrgContext, ownerOnly: string | null, q: string): Promise<TSearchHit[]> {
  const tasks = await openTasksMatching(ctx, ownerOnly, q, HITS_PER_KIND);
  return tasks.map((task) => ({
    kind: 'task' as const,
    id: task.id,
    title: task.title,
    detail: [task.dueAt ? `due ${task.dueAt}` : null, task.contact?.name].filter(Boolean).join(' · ') || null,
    link: `/tasks?view=all&status=open&q=${encodeURIComponent(task.title)}`,
  }));
}

async function searchAppointments(ctx: OrgContext, ownerOnly: string | null, q: string): Promise<TSearchHit[]> {
  const appointments = await appointmentsMatching(ctx, ownerOnly, q, HITS_PER_KIND);
  return appointments.map((appointment) => ({
    kind: 'appointment' as const,
    id: appointment.id,
    title: appointment.title,
    detail: [appointment.startsAt, appointment.contact?.name].filter(Boolean).join(' · '),
    link: `/appointments?view=day&date=${zonedParts(appointment.startsAt, appointment.timeZone).date}`,
  }));
}

async function searchWorkflows(ctx: OrgContext, q: string): Promise<TSearchHit[]> {
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('workflows')
    .select(['id', 'name', 'status'])
    .where('name', 'ilike', likePattern(q))
    .orderBy('updated_at', 'desc')
    .limit(HITS_PER_KIND)
    .execute();
  return rows.map((row) => ({ kind: 'workflow' as const, id: row.id, title: row.name, detail: row.status, link: `/automation?id=${row.id}` }));
}

function searchPages(ctx: OrgContext, q: string): TSearchHit[] {
  const term = q
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return SCREENS.filter((screen) => !screen.permission || ctx.auth.permissions.includes(screen.permission as Permission))
    .filter((screen) => screen.label.toLowerCase().includes(term) || screen.names.some((name) => name.includes(term)))
    .slice(0, HITS_PER_KIND)
    .map((screen) => ({ kind: 'page' as const, id: screen.key, title: screen.label, detail: screen.path, link: screen.path }));
}
