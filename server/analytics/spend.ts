import { scoped } from '../db/scoped';
import { primaryCurrency } from '../deals/repo';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import type { TCreateSpendInput, TDeleteSpendInput, TListSpendInput } from './schema';

/** Marketing spend entries: what Customer Acquisition Cost divides by new customers. */

type SpendRow = { id: string; channel: string; description: string | null; amount_minor: number; currency: string; spent_on: string; created_at: Date };

const toSpend = (r: SpendRow) => ({
  id: r.id,
  channel: r.channel,
  description: r.description,
  amountMinor: r.amount_minor,
  currency: r.currency,
  spentOn: r.spent_on,
  createdAt: r.created_at.toISOString(),
});

export async function listSpend(ctx: OrgContext, input: TListSpendInput) {
  let query = scoped(ctx.db, ctx.organizationId).selectFrom('marketing_spend');
  if (input.from) query = query.where('spent_on', '>=', input.from);
  if (input.to) query = query.where('spent_on', '<=', input.to);
  if (input.channel) query = query.where('channel', '=', input.channel);
  const [rows, totals] = await Promise.all([
    query
      .select(['id', 'channel', 'description', 'amount_minor', 'currency', 'spent_on', 'created_at'])
      .orderBy('spent_on', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    query
      .select(['currency', (eb) => eb.fn.countAll<number>().as('entries'), (eb) => eb.fn.sum<number>('amount_minor').as('amount')])
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
  ]);
  return {
    items: rows.map(toSpend),
    total: totals.reduce((sum, t) => sum + Number(t.entries), 0),
    page: input.page,
    limit: input.limit,
    /** Sums per currency over every entry matching the filters (not only this page). */
    totals: totals.map((t) => ({ currency: t.currency, amountMinor: Number(t.amount), entries: Number(t.entries) })),
  };
}

export async function createSpend(ctx: OrgContext, input: TCreateSpendInput) {
  const currency = input.currency ?? (await primaryCurrency(ctx.db, ctx.organizationId));
  const row = await scoped(ctx.db, ctx.organizationId)
    .insertInto('marketing_spend', {
      channel: input.channel,
      description: input.description || null,
      amount_minor: input.amountMinor,
      currency,
      spent_on: input.spentOn,
    })
    .returning(['id', 'channel', 'description', 'amount_minor', 'currency', 'spent_on', 'created_at'])
    .executeTakeFirstOrThrow();
  return toSpend(row);
}

export async function deleteSpend(ctx: OrgContext, { id }: TDeleteSpendInput): Promise<{ id: string }> {
  const result = await scoped(ctx.db, ctx.organizationId).deleteFrom('marketing_spend').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('NOT_FOUND', 'Spend entry not found');
  return { id };
}
