import { loadContact } from '../contacts/repo';
import { saveChanges, stateOf, type ContactState } from '../contacts/state';
import { publishEvent } from '../events/publish';
import { fieldChanges, tagChanges } from '../contacts/tag-changes';
import type { Db } from '../db';

/** Where a step's change is made and on whose behalf. */
export type ContactChangeEnv = { trx: Db; organizationId: string; contactId: string; workflowId: string; actorUserId: string | null };

/**
 * A step's change to its contact, through the contacts domain's own save (timeline entries
 * included), announced as contact_updated with the tags it added and removed — the event other
 * workflows' tag triggers read, marked with the workflow that caused it.
 */
export async function changeContact(env: ContactChangeEnv, change: (state: ContactState) => ContactState): Promise<Record<string, unknown>> {
  const row = await loadContact(env.trx, env.organizationId, null, env.contactId, { lock: true });
  const before = stateOf(row);
  const after = change(before);
  if (!(await saveChanges(env.trx, env.organizationId, row.id, before, after, env.actorUserId, { automation: env.workflowId }))) return { changed: false };
  const tags = tagChanges(before.tags, after.tags);
  await publishEvent(env.trx, {
    organizationId: env.organizationId,
    type: 'contact_updated',
    payload: { contactIds: [row.id], ...tags, fieldsChanged: fieldChanges(before, after), causedByWorkflowId: env.workflowId },
    actorUserId: null,
  });
  return { changed: true, ...tags };
}
