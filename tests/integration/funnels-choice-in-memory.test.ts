import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseForVisitor, chooseForVisitorNow, chooseVariant, stepVariants, utcDay } from '../../server/sites/funnel-serve';
import { getTestDatabase } from '../helpers/db';
import { funnelsWorld, newVisitor } from './funnels-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

describe('a funnel step’s visitor placed in memory (docs/decisions/049-editor-and-funnel-speed.md)', () => {
  it('gives the variant and the day’s hash the secrets give, the first time and from memory, synchronously once the secrets are read', async () => {
    const world = await funnelsWorld();
    const optIn = await world.page('/guide');
    const optInB = await world.page('/guide-b');
    const { id: funnelId } = await world.api.funnels.create({ siteId: world.siteId, name: 'Guide' });
    const { id: stepId } = await world.api.funnels.addStep({ funnelId, pageId: optIn, name: 'Opt-in' });
    await world.api.funnels.addVariant({ stepId, pageId: optInB });
    const variants = await stepVariants(world.db, world.organizationId, optIn);
    expect(variants).toHaveLength(2);

    // The async path reads the secrets; afterwards the in-memory one answers.
    const first = newVisitor();
    const viaRead = await chooseForVisitor(world.db, world.organizationId, variants, first);
    expect(chooseForVisitorNow(world.organizationId, variants, first)).toEqual(viaRead);

    const secret = async (name: string) => (await world.db.selectFrom('funnel_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
    const key = await secret('assignment');
    const salt = await secret(`visitor:${utcDay()}`);
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const visitor = newVisitor();
      const text = `${visitor.ip}\n${visitor.userAgent}`;
      const point = createHmac('sha256', key).update(`${stepId}\n${text}`).digest().readUInt32BE(0) / 2 ** 32;
      const expected = { variant: chooseVariant(variants, point)!.id, hash: createHmac('sha256', salt).update(text).digest('base64url').slice(0, 22) };
      // Twice: computed, then remembered.
      for (let again = 0; again < 2; again++) {
        const placed = chooseForVisitorNow(world.organizationId, variants, visitor)!;
        expect({ variant: placed.chosen.id, hash: placed.visit.visitor_hash }).toEqual(expected);
        expect(placed.visit).toMatchObject({ organization_id: world.organizationId, funnel_id: funnelId, step_id: stepId, variant_id: expected.variant, day: utcDay() });
      }
      seen.add(expected.variant);
    }
    expect(seen.size).toBe(2);
  });
});
