import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe, RestProbe } from './types';

const anAddress = () => `probe-${Math.random().toString(36).slice(2, 10)}@example.test`;
const aContact = async (api: Caller) => (await api.contacts.create({ firstName: 'Probe', email: anAddress() })).id;
const aTemplate = async (api: Caller) => (await api.email.createTemplate({ name: `Probe ${Math.random().toString(36).slice(2)}`, subject: 'Hi {{firstName}}', body: 'Hello' })).id;
/** An e-mail of organization A, to an address A suppressed: stored, never queued (the probes run no job queue). */
async function anEmail(deps: AppDeps, a: Account, api: Caller, contactId?: string): Promise<string> {
  const to = contactId ?? anAddress();
  const address = contactId ? (await api.contacts.get({ id: contactId })).email! : to;
  await deps.database.db.insertInto('email_suppressions').values({ organization_id: a.organizationId, address, reason: 'manual' }).execute();
  return (await api.email.send({ to, subject: 'Probe', text: 'Probe' })).id;
}
/** A suppressed address of organization A, added by hand. */
const aSuppression = async (api: Caller) => (await api.email.addSuppression({ address: anAddress() })).id;

export const probes: Record<string, Probe> = {
  // Sending "to" organization A's contact: B is refused, nothing is sent to A's contact.
  'email.send': async (_d, _a, api) => ({ to: await aContact(api), subject: 'Taken over', text: 'x' }),
  // Filling in A's template (its subject and body) for B: refused.
  'email.preview': async (_d, _a, api) => ({ to: anAddress(), templateId: await aTemplate(api) }),
  'email.list': async (deps, a, api) => {
    const contactId = await aContact(api);
    await anEmail(deps, a, api, contactId);
    return { input: { contactId }, accept: (result: unknown) => (result as { items: unknown[] }).items.length === 0 };
  },
  'email.get': async (deps, a, api) => ({ id: await anEmail(deps, a, api) }),
  'email.template': async (_d, _a, api) => ({ id: await aTemplate(api) }),
  'email.updateTemplate': async (_d, _a, api) => ({ id: await aTemplate(api), name: 'Taken over' }),
  'email.deleteTemplate': async (_d, _a, api) => ({ id: await aTemplate(api) }),
  'email.removeSuppression': async (_d, _a, api) => ({ id: await aSuppression(api) }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/v1/emails/:id': (deps, a, api) => anEmail(deps, a, api),
};

const UNSUBSCRIBE_TOKEN = 'the token of one message, in its List-Unsubscribe header and footer, sent to its recipient only (RFC 8058)';

export const capabilityRoutes: Record<string, string> = {
  'GET /api/email/unsubscribe/:token': UNSUBSCRIBE_TOKEN,
  'POST /api/email/unsubscribe/:token': UNSUBSCRIBE_TOKEN,
  'GET /api/email/unsubscribe/:token/status': UNSUBSCRIBE_TOKEN,
  'POST /api/email/unsubscribe/:token/resubscribe': UNSUBSCRIBE_TOKEN,
  // The server's inbound secret (EMAIL_INBOUND_SECRET), no organization's: the organization comes from the message (tests/integration/email-inbound.test.ts).
  'POST /api/email/inbound/:secret': 'the path parameter is the server-wide inbound webhook secret; each message finds its own organization by its threading headers and tokens',
};
