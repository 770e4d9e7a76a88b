import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { walkBlocks, type PageData } from '../sites/blocks/schema';
import { publishableData, storeVersion } from '../sites/publish';
import { insertPage, insertSite, templateOf } from '../sites/service';

/** The tags the demo landing page's form puts on its leads (the automations can start from them). */
const DEMO_LEAD_TAGS = ['website-lead', 'free-consultation'];

/** The landing template with its form tagging the leads it takes. */
function withFormTags(data: PageData): PageData {
  const copy = structuredClone(data);
  for (const block of walkBlocks(copy)) if (block.type === 'Form') block.props.tags = DEMO_LEAD_TAGS;
  return copy;
}

/** The path and headline of the landing page's variant B, which the demo funnel tests against it. */
export const DEMO_VARIANT_B = { path: '/free-quote', title: 'Your fixed-price quote by tomorrow' } as const;

/** The landing page with another headline: the demo funnel's A/B variant. */
function withHeadline(data: PageData, text: string): PageData {
  const copy = structuredClone(data);
  const hero = [...walkBlocks(copy)].find((b) => b.type === 'Heading' && b.props.level === 'h1');
  if (hero) hero.props.text = text;
  return copy;
}

/**
 * The demo workspace's website (issue #20): "<organization> site", published, with the landing page
 * (hero, features, testimonials, a lead form tagging its leads), its variant B with another headline
 * (the demo funnel's A/B test) and its '/thank-you' page, from the page templates, so /s/<handle>/
 * shows a real page and its form makes contacts.
 */
export async function seedDemoSite(db: Db, organizationId: string, { ownerId, publicUrl }: { ownerId: string; publicUrl: string }): Promise<void> {
  const org = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
  const name = `${org.name} site`;
  const site = await insertSite(db, organizationId, name, undefined);
  const landing = templateOf('landing');
  const thanks = templateOf('thank-you');
  const pages = [
    { path: '/', title: landing.title, description: landing.pageDescription, data: withFormTags(landing.data) },
    { path: DEMO_VARIANT_B.path, title: DEMO_VARIANT_B.title, description: landing.pageDescription, data: withHeadline(withFormTags(landing.data), DEMO_VARIANT_B.title) },
    { path: '/thank-you', title: thanks.title, description: thanks.pageDescription, data: thanks.data },
  ];
  const siteRow = { id: site.id, name, handle: site.handle, settings: {} };
  for (const page of pages) {
    const id = await insertPage(db, organizationId, site.id, page);
    const row = await scoped(db, organizationId).selectFrom('site_pages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await storeVersion(db, { db, organizationId, deps: { config: { publicUrl } } }, siteRow, row, publishableData(page.data), ownerId);
  }
}
