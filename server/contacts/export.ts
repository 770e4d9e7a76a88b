import { recordAudit } from '../audit/service';
import type { z } from 'zod';
import { actorOf } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { loadDefinitions, type CustomFieldDefinition } from './custom-fields';
import { CSV_BOM, csvLine } from './csv';
import { afterCursor, keyValues, orderByKeys } from '../db/keyset';
import { and, contactsOf, filterConditions, sortKeys, toContact, type ContactDto } from './repo';
import { getSavedView } from './saved-views';
import { CONTACT_COLUMNS, DEFAULT_DIRECTION, type ZExportContactsInput, type TContactColumn, type TContactFilter } from './schema';
import { organizationSettings } from './state';

type Column = { header: string; value: (c: ContactDto) => unknown };

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const list = (v: string[]) => v.join(', ');
const ATTRIBUTION_PARTS = [
  ['source', 'Source'],
  ['medium', 'Medium'],
  ['campaign', 'Campaign'],
  ['referrer', 'Referrer'],
  ['landingPage', 'Landing Page'],
] as const;

/** The CSV columns of a view column; headers read back by the import's synonyms. */
function columnsFor(column: TContactColumn, definitions: CustomFieldDefinition[]): Column[] {
  switch (column) {
    case 'name':
      return [{ header: 'Name', value: (c) => c.name }];
    case 'firstName':
      return [{ header: 'First Name', value: (c) => c.firstName }];
    case 'lastName':
      return [{ header: 'Last Name', value: (c) => c.lastName }];
    case 'email':
      return [{ header: 'Email', value: (c) => c.email }];
    case 'otherEmails':
      return [{ header: 'Other Emails', value: (c) => list(c.otherEmails) }];
    case 'phone':
      return [{ header: 'Phone', value: (c) => c.phone }];
    case 'otherPhones':
      return [{ header: 'Other Phones', value: (c) => list(c.otherPhones) }];
    case 'companyName':
      return [{ header: 'Company', value: (c) => c.companyName }];
    case 'jobTitle':
      return [{ header: 'Job Title', value: (c) => c.jobTitle }];
    case 'lifecycleStage':
      return [{ header: 'Lifecycle Stage', value: (c) => c.lifecycleStage }];
    case 'source':
      return [{ header: 'Source', value: (c) => c.source }];
    case 'tags':
      return [{ header: 'Tags', value: (c) => list(c.tags) }];
    case 'owner':
      return [{ header: 'Owner', value: (c) => c.owner?.email ?? '' }];
    case 'leadScore':
      return [{ header: 'Lead Score', value: (c) => c.leadScore }];
    case 'doNotContact':
      return [
        { header: 'Do Not Text', value: (c) => yesNo(c.doNotContact.sms) },
        { header: 'Do Not Email', value: (c) => yesNo(c.doNotContact.email) },
        { header: 'Do Not Call', value: (c) => yesNo(c.doNotContact.calls) },
      ];
    case 'firstAttribution':
      return ATTRIBUTION_PARTS.map(([key, label]) => ({ header: `First ${label}`, value: (c: ContactDto) => c.firstAttribution?.[key] ?? '' }));
    case 'latestAttribution':
      return ATTRIBUTION_PARTS.map(([key, label]) => ({ header: `Latest ${label}`, value: (c: ContactDto) => c.latestAttribution?.[key] ?? '' }));
    case 'createdAt':
      return [{ header: 'Created At', value: (c) => c.createdAt }];
    case 'updatedAt':
      return [{ header: 'Updated At', value: (c) => c.updatedAt }];
    default: {
      const key = column.slice('custom.'.length);
      const definition = definitions.find((d) => d.key === key);
      // A column of a deleted custom field is left out.
      return definition ? [{ header: definition.label, value: (c) => c.customFields[key] ?? '' }] : [];
    }
  }
}

const DEFAULT_COLUMNS = CONTACT_COLUMNS.filter((c) => c !== 'name');
const CHUNK = 1000;

/**
 * The contacts of a filter (or saved view) as CSV, read in keyset chunks while the response streams.
 * Formula-looking cells are neutralized; the export is recorded in the audit log.
 */
export async function exportContacts(ctx: OrgContext, input: z.output<typeof ZExportContactsInput>) {
  const { viewId, columns: chosenColumns, sort: chosenSort, direction: chosenDirection, ...explicitFilters } = input;
  const view = viewId ? await getSavedView(ctx, viewId) : null;
  const filters: TContactFilter = { ...(view?.filters ?? {}), ...Object.fromEntries(Object.entries(explicitFilters).filter(([, v]) => v !== undefined)) };
  const sort = chosenSort ?? view?.sort?.field ?? 'created';
  const direction = chosenDirection ?? (chosenSort ? undefined : view?.sort?.direction) ?? DEFAULT_DIRECTION[sort];
  const [ownerOnly, settings, definitions] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId), loadDefinitions(ctx.db, ctx.organizationId)]);
  const wanted: TContactColumn[] = chosenColumns?.length ? chosenColumns : view?.columns.length ? view.columns : [...DEFAULT_COLUMNS, ...definitions.map((d) => `custom.${d.key}` as const)];
  const columns = wanted.flatMap((c) => columnsFor(c, definitions));
  const where = and(filterConditions(filters, settings.timezone));
  const keys = sortKeys(sort, direction);
  const count = await contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  await recordAudit(ctx.db, {
    organizationId: ctx.organizationId,
    actor: actorOf(ctx.auth),
    action: 'contacts.exported',
    details: { count: total, filters, viewId: viewId ?? null },
    meta: ctx.meta,
  });

  const encoder = new TextEncoder();
  let after: string[] | null = null;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns.map((c) => c.header))));
        return;
      }
      let query = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
        .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
        .selectAll('contacts')
        .select(['owner.name as owner_name', 'owner.email as owner_email', keyValues(keys).as('sort_keys')])
        .where(where)
        .orderBy(orderByKeys(keys))
        .limit(CHUNK);
      if (after) query = query.where(afterCursor(keys, after));
      const rows = await query.execute();
      if (rows.length > 0) {
        after = rows.at(-1)!.sort_keys;
        controller.enqueue(encoder.encode(rows.map((r) => csvLine(columns.map((c) => c.value(toContact(r))))).join('')));
      }
      if (rows.length < CHUNK) done = true;
      if (done) controller.close();
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `contacts-${day}.csv`, total, stream };
}
