import { aContact } from './deals';
import type { Caller, Probe } from './types';

const aTemplate = async (api: Caller) => (await api.sms.createTemplate({ name: `Probe ${Math.random().toString(36).slice(2)}`, category: 'probe', message: 'Hi {{name}}' })).id;

/** A bulk batch of organization A whose only recipient is refused (opted out): no job, no provider call. */
async function aBatch(api: Caller): Promise<string> {
  const phone = `+1415555${String(1000 + Math.floor(Math.random() * 1000))}`;
  await api.contacts.create({ firstName: 'Probe', phone, doNotContact: { sms: true } });
  return (await api.sms.bulkSend({ recipients: [phone], message: 'Probe' })).batchId;
}

export const probes: Record<string, Probe> = {
  'sms.template': async (_d, _a, api) => ({ id: await aTemplate(api) }),
  'sms.updateTemplate': async (_d, _a, api) => ({ id: await aTemplate(api), name: 'Taken over' }),
  'sms.deleteTemplate': async (_d, _a, api) => ({ id: await aTemplate(api) }),
  // Sending "from" organization A's contact: B is refused, nothing is filed under A's contact.
  'sms.send': async (_d, _a, api) => {
    const to = `+1415555${String(1000 + Math.floor(Math.random() * 1000))}`;
    return { to, message: 'Probe', contactId: (await api.contacts.create({ firstName: 'Probe', phone: to })).id };
  },
  'sms.sendToContact': async (_d, _a, api) => ({ contactId: (await api.contacts.create({ firstName: 'Probe', phone: '+14155550142' })).id, message: 'Probe' }),
  'sms.sendTemplate': async (_d, _a, api) => ({ to: '+14155552671', templateId: await aTemplate(api), variables: { name: 'B' } }),
  'sms.conversation': async (deps, a) => ({ contactId: await aContact(deps, a) }),
  'sms.batch': async (_d, _a, api) => ({ batchId: await aBatch(api) }),
  'sms.messages': async (_d, _a, api) => ({ input: { batchId: await aBatch(api) }, accept: (result: unknown) => Array.isArray(result) && result.length === 0 }),
};
