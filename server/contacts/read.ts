import { sql } from 'kysely';
import type { z } from 'zod';
import { listActivities } from '../activities/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { contactsOf, loadContact, toContact } from './repo';
import type { ZContactTimelineInput, ZGetContactInput } from './schema';

// ——— One contact: its record with its counts, and its timeline ———

/** Whether the contact exists in the organization and the caller may see it (its page answers 404 otherwise). */
export async function contactVisible(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, id: string): Promise<boolean> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return (await contactsOf(ctx.db, ctx.organizationId, ownerOnly).select('contacts.id').where('contacts.id', '=', id).executeTakeFirst()) !== undefined;
}

export async function getContact(ctx: OrgContext, { id }: z.output<typeof ZGetContactInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return readContact(ctx.db, ctx.organizationId, ownerOnly, id);
}

/** One contact with its owner and how many deals, tasks and appointments it has. */
export async function readContact(db: Db, organizationId: string, ownerOnly: string | null, id: string) {
  const row = await contactsOf(db, organizationId, ownerOnly)
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email'])
    .where('contacts.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Contact not found');
  const org = scoped(db, organizationId);
  const now = new Date();
  const [deals, tasks, appointments] = await Promise.all([
    org
      .selectFrom('deals')
      .select([(eb) => eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where deals.status = 'open')`.as('open')])
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('tasks')
      .select([(eb) => eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where tasks.status = 'open')`.as('open')])
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('appointments')
      .select([(eb) => eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where appointments.status = 'scheduled' and appointments.starts_at >= ${now})`.as('upcoming')])
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...toContact(row),
    counts: {
      deals: Number(deals.all),
      openDeals: Number(deals.open),
      tasks: Number(tasks.all),
      openTasks: Number(tasks.open),
      appointments: Number(appointments.all),
      upcomingAppointments: Number(appointments.upcoming),
    },
  };
}

export async function contactTimeline(ctx: OrgContext, input: z.output<typeof ZContactTimelineInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await loadContact(ctx.db, ctx.organizationId, ownerOnly, input.id);
  return listActivities(ctx, { contactId: input.id }, { before: input.before, limit: input.limit, ...(input.type ? { type: input.type } : {}) });
}
