import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../helpers/db';
import { contactsWorld, setOrgSettings } from './contacts-helpers';

// Issue #14: creating or editing a contact warns when its e-mail or phone already belongs to another.
beforeAll(() => getTestDatabase());

describe('contacts.matches: the contact form’s duplicate warning', () => {
  it('names the other contacts holding the e-mail (any case, other e-mails too) or the phone (as typed, other phones too)', async () => {
    const { api, deps, owner } = await contactsWorld();
    await setOrgSettings(deps, owner.organizationId, { country: 'US' });
    const julian = await api.contacts.create({ firstName: 'Julian', lastName: 'Hughes', email: 'julian@example.test', phone: '+14155550142' });
    const zoe = await api.contacts.create({ firstName: 'Zoe', lastName: 'Adams', otherEmails: ['Family@Example.test'], otherPhones: ['+14155550142'] });

    expect(await api.contacts.matches({ email: ' JULIAN@example.test ' })).toEqual({ matches: [{ id: julian.id, name: 'Julian Hughes', fields: ['email'] }] });
    expect(await api.contacts.matches({ email: 'family@example.test' })).toEqual({ matches: [{ id: zoe.id, name: 'Zoe Adams', fields: ['email'] }] });
    // Typed without the country code, read in the organization's country.
    expect(await api.contacts.matches({ phone: '(415) 555-0142' })).toEqual({
      matches: [
        { id: julian.id, name: 'Julian Hughes', fields: ['phone'] },
        { id: zoe.id, name: 'Zoe Adams', fields: ['phone'] },
      ],
    });
    expect(await api.contacts.matches({ email: 'julian@example.test', phone: '+14155550142' })).toEqual({
      matches: [
        { id: julian.id, name: 'Julian Hughes', fields: ['email', 'phone'] },
        { id: zoe.id, name: 'Zoe Adams', fields: ['phone'] },
      ],
    });
    // Editing a contact: it is not its own duplicate.
    expect(await api.contacts.matches({ email: 'julian@example.test', excludeId: julian.id })).toEqual({ matches: [] });
    // Half-typed values match nothing; they are no error.
    expect(await api.contacts.matches({ email: 'julian@', phone: '41' })).toEqual({ matches: [] });
    expect(await api.contacts.matches({})).toEqual({ matches: [] });
  });

  it('is a warning only: a second contact with the same e-mail or phone is still saved', async () => {
    const { api } = await contactsWorld();
    const first = await api.contacts.create({ firstName: 'Ann', email: 'ann@example.test', phone: '+14155550199' });
    const second = await api.contacts.create({ firstName: 'Anne', email: 'ann@example.test', phone: '+14155550199' });
    expect(second.id).not.toBe(first.id);
    expect((await api.contacts.matches({ email: 'ann@example.test', excludeId: second.id })).matches.map((m) => m.id)).toEqual([first.id]);
  });
});
