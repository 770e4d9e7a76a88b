import { randomUUID } from 'node:crypto';
import { browser, createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';

/** A Form block as a published page stores it (issue #20 contract, "Form block props"). */
export const formBlock = (props: Record<string, unknown> = {}) => ({
  type: 'Form',
  props: {
    id: 'form-1',
    title: 'Get the guide',
    fields: [
      { name: 'firstName', label: 'First name', type: 'text', required: true },
      { name: 'email', label: 'E-mail', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'tel', required: false },
    ],
    submitLabel: 'Send it to me',
    tags: ['guide'],
    consentText: '',
    redirectPath: '',
    successMessage: 'Thanks',
    ...props,
  },
});

/**
 * An organization with its owner, a tRPC caller, an API key and one site; `page()` adds a page to
 * the site through its tables (published unless told), as the sites service would.
 */
export async function funnelsWorld(options?: Parameters<typeof checkedTestApp>[0]) {
  const built = await checkedTestApp(options);
  const owner = await createAccount(built.deps, 'funnels');
  const api = built.caller(browser(owner.cookie));
  const key = await createKey(built.deps, owner.organizationId, 'admin');
  const db = built.deps.database.db;
  const organizationId = owner.organizationId;
  const site = await db
    .insertInto('sites')
    .values({ organization_id: organizationId, name: 'Clinic', handle: `clinic-${randomUUID().slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const page = async (path: string, options: { published?: boolean; content?: unknown[]; siteId?: string } = {}) => {
    const data = { root: { props: {} }, content: options.content ?? [] };
    const row = await db
      .insertInto('site_pages')
      .values({ organization_id: organizationId, site_id: options.siteId ?? site.id, path, title: `Page ${path}`, draft: JSON.stringify(data) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (options.published !== false) {
      const version = await db
        .insertInto('site_page_versions')
        .values({ organization_id: organizationId, page_id: row.id, number: 1, data: JSON.stringify(data), html: '<!doctype html>', etag: 'e1' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('site_pages').set({ published_version_id: version.id }).where('id', '=', row.id).execute();
    }
    return row.id;
  };
  return { ...built, owner, api, key, db, organizationId, siteId: site.id, page };
}

/** A Payment block as a published page stores it. */
export const paymentBlock = (props: Record<string, unknown> = {}) => ({
  type: 'Payment',
  props: { id: 'pay-1', productName: 'Whitening kit', description: 'Two trays and a gel', price: 49.5, currency: 'usd', buttonLabel: 'Buy the kit', redirectPath: '', ...props },
});

let visitorSequence = 0;
/** A distinct visitor (address and user agent) per call. */
export const newVisitor = () => ({ ip: `10.9.${Math.floor(visitorSequence / 250) % 250}.${(visitorSequence++ % 250) + 1}`, userAgent: `Mozilla/5.0 test-${randomUUID()}` });
