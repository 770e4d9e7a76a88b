import { beforeAll, describe, expect, it } from 'vitest';
import { openEndpointSecret, sealEndpointSecrets } from '../../server/webhooks/secrets';
import { buildTestApp } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';
import { TEST_SECRETS_KEY } from '../helpers/secrets-key';

// Webhook endpoints' signing secrets sealed at rest (docs/decisions/038); signing and rotation are webhooks-delivery.test.ts's.

beforeAll(() => getTestDatabase());

const ENV = { NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' };

describe('webhook signing secrets at rest', () => {
  it('are stored sealed, bound to their endpoint, with their last 4 characters beside them; a rotation keeps the old one sealed', async () => {
    const { deps, caller } = await buildTestApp({ env: ENV });
    const owner = await createAccount(deps, 'hook-secrets');
    const api = caller(browser(owner.cookie));
    const created = await api.webhooks.create({ url: 'http://127.0.0.1:9/hook', eventTypes: ['contact.created'] });
    const row = () => deps.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const stored = await row();
    expect(stored.secret).toMatch(/^sb1\./);
    expect(stored.secret).not.toContain(created.secret.slice(6));
    expect(stored.secret_hint).toBe(created.secret.slice(-4));
    expect(created.secretHint).toBe(`whsec_…${created.secret.slice(-4)}`);
    expect(openEndpointSecret(deps.config, created.id, stored.secret)).toBe(created.secret);
    expect(() => openEndpointSecret(deps.config, owner.organizationId, stored.secret)).toThrow(/sealed for another place/);

    const rotated = await api.webhooks.rotateSecret({ id: created.id, overlapHours: 24 });
    const after = await row();
    expect(openEndpointSecret(deps.config, created.id, after.secret)).toBe(rotated.secret);
    expect(openEndpointSecret(deps.config, created.id, after.previous_secret!)).toBe(created.secret);
    expect((await api.webhooks.get({ id: created.id })).secretHint).toBe(`whsec_…${rotated.secret.slice(-4)}`);
  });

  it('start-up seals the secrets written in clear before decision 038, and re-seals those under a rotated key', async () => {
    const { deps } = await buildTestApp({ env: ENV });
    const owner = await createAccount(deps, 'hook-legacy');
    const legacy = 'whsec_bGVnYWN5IHNlY3JldCBvZiAzMiBieXRlcyBsb25nLi4u';
    const { id } = await deps.database.db
      .insertInto('webhook_endpoints')
      .values({ organization_id: owner.organizationId, url: 'https://hooks.example.com/in', event_types: JSON.stringify(['contact.created']), secret: legacy, secret_hint: legacy.slice(-4) })
      .returning('id')
      .executeTakeFirstOrThrow();
    // In clear, it still signs until it is sealed.
    expect(openEndpointSecret(deps.config, id, legacy)).toBe(legacy);
    expect(await sealEndpointSecrets(deps.database.db, deps.config)).toBeGreaterThanOrEqual(1);
    const sealed = (await deps.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret;
    expect(sealed).toMatch(/^sb1\./);
    expect(openEndpointSecret(deps.config, id, sealed)).toBe(legacy);

    // SECRETS_KEY rotated: the old key opens (SECRETS_KEY_PREVIOUS) and start-up re-seals under the new one.
    const newKey = Buffer.alloc(32, 9).toString('hex');
    const rotated = await buildTestApp({ env: { ...ENV, SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: TEST_SECRETS_KEY } });
    expect(openEndpointSecret(rotated.deps.config, id, sealed)).toBe(legacy);
    await sealEndpointSecrets(rotated.deps.database.db, rotated.deps.config);
    const resealed = (await deps.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret;
    expect(resealed.split('.')[1]).not.toBe(sealed.split('.')[1]);
    expect(openEndpointSecret(rotated.deps.config, id, resealed)).toBe(legacy);
    // Put back under the tests' key, for the other files of this worker's database.
    await sealEndpointSecrets(deps.database.db, (await buildTestApp({ env: { ...ENV, SECRETS_KEY_PREVIOUS: newKey } })).deps.config);
    expect(openEndpointSecret(deps.config, id, (await deps.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret)).toBe(legacy);
  });
});
