import type { AppDeps } from '../../server/deps';
import { type buildTestApp } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';

/** An organization with its Super Admin, a tRPC caller for them, and the app. */
export async function contactsWorld(options: Parameters<typeof buildTestApp>[0] = {}) {
  const built = await checkedTestApp(options);
  const owner = await createAccount(built.deps, 'contacts');
  const api = built.caller(browser(owner.cookie));
  return { ...built, owner, api, as: (account: Account) => built.caller(browser(account.cookie)) };
}

export async function member(deps: AppDeps, organizationId: string, role: Parameters<typeof addMember>[2]) {
  return addMember(deps, organizationId, role);
}

/** The timeline entries of a contact, oldest first, as [type, payload]. */
export async function timelineOf(deps: AppDeps, organizationId: string, contactId: string) {
  const rows = await deps.database.db
    .selectFrom('activities')
    .select(['type', 'payload', 'actor_user_id'])
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, payload: r.payload as Record<string, unknown>, actor: r.actor_user_id }));
}

/** Sets an organization setting directly. */
export async function setOrgSettings(deps: AppDeps, organizationId: string, settings: Record<string, unknown>) {
  const org = await deps.database.db.selectFrom('organizations').select('settings').where('id', '=', organizationId).executeTakeFirstOrThrow();
  await deps.database.db
    .updateTable('organizations')
    .set({ settings: JSON.stringify({ ...(org.settings as object), ...settings }) })
    .where('id', '=', organizationId)
    .execute();
}

/** Reads a CSV body (the export's or an error report's) into rows of cells, without the BOM. */
export function csvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
