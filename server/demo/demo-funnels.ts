import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DEMO_VARIANT_B } from './demo-sites';

/** Days of visits the demo funnel shows (the funnels screens' default range). */
const DAYS = 30;

/** A small deterministic generator, so the demo's figures are the same on every fresh workspace. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The demo site's landing and thank-you pages: the sites demo's when it made them, else two draft pages of a small site of its own. */
async function demoPages(db: Db, organizationId: string): Promise<{ siteId: string; landingId: string; variantBId: string; thanksId: string }> {
  const org = scoped(db, organizationId);
  const site = await org.selectFrom('sites').select('id').orderBy('created_at').limit(1).executeTakeFirst();
  const siteId =
    site?.id ??
    (
      await org
        .insertInto('sites', { name: 'Demo Company', handle: `demo-${randomBytes(4).toString('hex')}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const pageAt = async (path: string, title: string) => {
    const found = await org.selectFrom('site_pages').select('id').where('site_id', '=', siteId).where('path', '=', path).executeTakeFirst();
    if (found) return found.id;
    const draft = { root: { props: {} }, content: [] };
    return (
      await org
        .insertInto('site_pages', { site_id: siteId, path, title, draft: JSON.stringify(draft) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  return { siteId, landingId: await pageAt('/', 'Demo Company'), variantBId: await pageAt(DEMO_VARIANT_B.path, DEMO_VARIANT_B.title), thanksId: await pageAt('/thank-you', 'Thank you') };
}

/** Each landing variant's share of the opt-ins: B's headline does better, clearly enough over the month to be significant. */
const OPT_IN_RATE = { a: 0.27, b: 0.36 } as const;

/**
 * The demo workspace's funnel (issue #20): "Free consultation", the site's landing page (an A/B test
 * of its headline against variant B, half the visitors each) then its thank-you page, with 30 days
 * of counted visits (rows of the real counting table, each a random visitor hash as the daily salted
 * ones are), about a third of them opting in and reaching the thank-you page, so /funnels shows
 * visitors, opt-ins, conversion and a variant ahead of the control.
 */
export async function seedDemoFunnel(db: Db, organizationId: string, now: Date = new Date()): Promise<void> {
  const { siteId, landingId, variantBId, thanksId } = await demoPages(db, organizationId);
  const org = scoped(db, organizationId);
  const funnel = await org.insertInto('funnels', { site_id: siteId, name: 'Free consultation' }).returning('id').executeTakeFirstOrThrow();
  const steps = await org
    .insertInto('funnel_steps', [
      { funnel_id: funnel.id, position: 0, name: 'Landing page', page_id: landingId },
      { funnel_id: funnel.id, position: 1, name: 'Thank you', page_id: thanksId },
    ])
    .returning(['id', 'page_id'])
    .execute();
  const variants = await org
    .insertInto('funnel_variants', [...steps.map((s) => ({ step_id: s.id, page_id: s.page_id, weight: 1 })), { step_id: steps[0]!.id, page_id: variantBId, weight: 1 }])
    .returning(['id', 'step_id', 'page_id'])
    .execute();
  const variantOf = (stepId: string, pageId: string) => variants.find((v) => v.step_id === stepId && v.page_id === pageId)!.id;
  const landing = { stepId: steps[0]!.id, a: variantOf(steps[0]!.id, landingId), b: variantOf(steps[0]!.id, variantBId) };
  const thanks = { stepId: steps[1]!.id, variantId: variantOf(steps[1]!.id, thanksId) };

  const random = generator(20);
  const rows: { funnel_id: string; step_id: string; variant_id: string; day: string; visitor_hash: string; opted_in: boolean }[] = [];
  for (let back = DAYS - 1; back >= 0; back--) {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    // Weekdays busier than weekends, and a slow climb over the month.
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() % 6 !== 0;
    const visitors = Math.round((weekday ? 38 : 18) + (DAYS - back) * 0.6 + random() * 12);
    for (let i = 0; i < visitors; i++) {
      const visitorHash = randomBytes(16).toString('base64url').slice(0, 22);
      const variant = random() < 0.5 ? 'a' : 'b';
      const optedIn = random() < OPT_IN_RATE[variant];
      rows.push({ funnel_id: funnel.id, step_id: landing.stepId, variant_id: landing[variant], day, visitor_hash: visitorHash, opted_in: optedIn });
      // A submission redirects to the thank-you page: the same visitor, the same day.
      if (optedIn) rows.push({ funnel_id: funnel.id, step_id: thanks.stepId, variant_id: thanks.variantId, day, visitor_hash: visitorHash, opted_in: false });
    }
  }
  for (let start = 0; start < rows.length; start += 500) await org.insertInto('funnel_visits', rows.slice(start, start + 500)).execute();
}
