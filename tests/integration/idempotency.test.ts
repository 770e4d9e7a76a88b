import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '../../server/http/idempotency';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey } from '../helpers/factories';
import { checkedAgainstOpenApi } from '../helpers/openapi';

const post = (body: unknown, headers: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function world() {
  const { app, deps } = await buildTestApp();
  const owner = await createAccount(deps);
  const key = () => createKey(deps, owner.organizationId, 'admin');
  const contactsNamed = (lastName: string) => deps.database.db.selectFrom('contacts').select('id').where('organization_id', '=', owner.organizationId).where('last_name', '=', lastName).execute();
  return { app: await checkedAgainstOpenApi(app), deps, owner, key, contactsNamed };
}

describe('Idempotency-Key on /api/v1 POSTs (issue #19)', () => {
  it('replays the first success for a retry with the same key and body, creating one record', async () => {
    const { app, key, contactsNamed } = await world();
    const auth = { authorization: `Bearer ${await key()}`, 'idempotency-key': 'create-grace-1' };
    const body = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' };

    const first = await app.request('/api/v1/contacts', post(body, auth));
    expect(first.status).toBe(201);
    const created = await first.json();
    const again = await app.request('/api/v1/contacts', post(body, auth));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(created);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await contactsNamed('Hopper')).toHaveLength(1);

    // Without a key, or with another one, a POST does it again.
    expect((await app.request('/api/v1/contacts', post({ ...body, email: 'grace2@navy.example' }, { authorization: auth.authorization }))).status).toBe(201);
    expect((await app.request('/api/v1/contacts', post({ ...body, email: 'grace3@navy.example' }, { ...auth, 'idempotency-key': 'create-grace-2' }))).status).toBe(201);
    expect(await contactsNamed('Hopper')).toHaveLength(3);
  });

  it('refuses the same key with another body (422) and a malformed key (400), naming the header', async () => {
    const { app, key, contactsNamed } = await world();
    const auth = { authorization: `Bearer ${await key()}`, 'idempotency-key': 'k-1' };
    expect((await app.request('/api/v1/contacts', post({ firstName: 'Ada', lastName: 'Lovelace' }, auth))).status).toBe(201);
    const other = await app.request('/api/v1/contacts', post({ firstName: 'Ada', lastName: 'Byron' }, auth));
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGES.otherRequest, issues: [{ path: 'Idempotency-Key' }] });
    expect(await contactsNamed('Byron')).toHaveLength(0);

    const malformed = await app.request('/api/v1/contacts', post({ firstName: 'Ada', lastName: 'Byron' }, { ...auth, 'idempotency-key': 'has spaces in it' }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe(`Idempotency-Key: ${IDEMPOTENCY_MESSAGES.key}`);
  });

  it('lets an error answer release the key: a corrected retry runs', async () => {
    const { app, key, contactsNamed } = await world();
    const auth = { authorization: `Bearer ${await key()}`, 'idempotency-key': 'fix-me' };
    const bad = await app.request('/api/v1/contacts', post({ firstName: 'Alan', lastName: 'Turing', email: 'not an address' }, auth));
    expect(bad.status).toBe(400);
    const fixed = await app.request('/api/v1/contacts', post({ firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example' }, auth));
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await contactsNamed('Turing')).toHaveLength(1);
  });

  it('runs simultaneous requests with one key once: the others are told it is running, or get its answer', async () => {
    const { app, key, contactsNamed } = await world();
    const auth = { authorization: `Bearer ${await key()}`, 'idempotency-key': 'burst' };
    const body = { firstName: 'Katherine', lastName: 'Johnson' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.request('/api/v1/contacts', post(body, auth))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.headers.get('retry-after')).toBe('1');
    expect(await contactsNamed('Johnson')).toHaveLength(1);
  });

  it('keeps keys apart per caller and organization, and replays to a browser session as to a key', async () => {
    const { app, deps, key, contactsNamed } = await world();
    const [one, two] = [`Bearer ${await key()}`, `Bearer ${await key()}`];
    const body = { firstName: 'Hedy', lastName: 'Lamarr' };
    for (const authorization of [one, two]) expect((await app.request('/api/v1/contacts', post(body, { authorization, 'idempotency-key': 'same' }))).status).toBe(201);
    expect(await contactsNamed('Lamarr')).toHaveLength(2);

    const other = await createAccount(deps, 'other');
    const session = browser(other.cookie, { 'idempotency-key': 'same' });
    expect((await app.request('/api/v1/contacts', post(body, session))).status).toBe(201);
    const replayed = await app.request('/api/v1/contacts', post(body, session));
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const theirs = await deps.database.db.selectFrom('contacts').select('id').where('organization_id', '=', other.organizationId).execute();
    expect(theirs).toHaveLength(1);
  });

  it('forgets a key after 24 hours', async () => {
    const { app, deps, key, contactsNamed } = await world();
    const auth = { authorization: `Bearer ${await key()}`, 'idempotency-key': 'old' };
    const body = { firstName: 'Mary', lastName: 'Jackson' };
    expect((await app.request('/api/v1/contacts', post(body, auth))).status).toBe(201);
    await deps.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('key', '=', 'old')
      .execute();
    const later = await app.request('/api/v1/contacts', post(body, auth));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await contactsNamed('Jackson')).toHaveLength(2);
  });
});
