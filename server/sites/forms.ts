import { z } from 'zod';
import { upsertContactByEmail, upsertContactByPhone } from '../contacts/service';
import { organizationSettings } from '../contacts/state';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import type { RequestMeta } from '../http/meta';
import { LEAD_SOURCE, recordLeadCapture } from '../leads/service';
import { LEAD_HONEYPOT_FIELD, LEAD_RATE_LIMIT } from '../leads/schema';
import { normalizePhone } from '../phone';
import { assertSlots, type RateLimit } from '../rate-limit';
import { countOptIn } from './funnel-serve';
import { walkBlocks, ZFormProps, type BlockProps, type PageData } from './blocks/schema';

/** A native POST of a published page's form block (fields by their names, as the browser sent them). */
export type SiteFormPost = { organizationId: string; siteId: string; pageId: string; blockId: string; fields: Record<string, string>; meta: RequestMeta };

/**
 * Where the visitor goes next, or what was wrong, per field name. `redirect` is a path of the site
 * ('/thank-you', '/offer?submitted=1'; public.ts puts it under /s/<handle> on the product's origin)
 * or the absolute URL a block's redirectPath named.
 */
export type SiteFormOutcome = { status: 'accepted'; redirect: string } | { status: 'invalid'; errors: Record<string, string> };

type FormProps = BlockProps['Form'];

/** Lengths a field's value may take. */
export const SITE_FORM_LIMITS = { text: 200, textarea: 5000, email: 254, tel: 40 } as const;

/** The thank-you page a site gets at creation (contract: sites.create adds it). */
const THANK_YOU_PATH = '/thank-you';

/** Submissions from one client address: the public lead form's numbers, in a bucket of their own. */
const SITE_FORMS_PER_ADDRESS: RateLimit = { bucket: 'sites.form.ip', ...LEAD_RATE_LIMIT };

const ZEmail = z.email();

type Parsed = { values: Map<string, string>; errors: Record<string, string> };

/** Checks each field by the block's definition: required, e-mail, phone, lengths; the consent box. */
function validate(form: FormProps, fields: Record<string, string>, country: string): Parsed {
  const values = new Map<string, string>();
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const value = (fields[field.name] ?? '').trim();
    if (!value) {
      if (field.required) errors[field.name] = 'is required';
      continue;
    }
    const max = SITE_FORM_LIMITS[field.type];
    if (value.length > max) {
      errors[field.name] = `must be at most ${max} characters`;
      continue;
    }
    if (field.type === 'email' || field.name === 'email') {
      if (!ZEmail.safeParse(value).success) errors[field.name] = 'must be a valid e-mail address';
      else values.set(field.name, value.toLowerCase());
    } else if (field.type === 'tel' || field.name === 'phone') {
      const phone = normalizePhone(value, country);
      if (!phone.ok) errors[field.name] = phone.reason;
      else values.set(field.name, phone.e164);
    } else values.set(field.name, value);
  }
  if (form.consentText && !(fields.consent ?? '').trim()) errors.consent = 'must be checked';
  if (Object.keys(errors).length === 0 && !values.has('email') && !values.has('phone')) {
    const key = form.fields.some((f) => f.name === 'email') ? 'email' : form.fields.some((f) => f.name === 'phone') ? 'phone' : 'form';
    errors[key] = key === 'form' ? 'needs an e-mail or phone field' : 'an e-mail address or a phone number is required';
  }
  return { values, errors };
}

/** The published page with its site: what the redirect and the block lookup need. */
async function loadLivePage(db: Db, post: SiteFormPost) {
  const page = await scoped(db, post.organizationId)
    .selectFrom('site_pages')
    .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .innerJoin('sites', 'sites.id', 'site_pages.site_id')
    .select(['site_pages.id', 'site_pages.path', 'site_pages.title', 'sites.name as siteName', 'site_page_versions.data'])
    .where('site_pages.id', '=', post.pageId)
    .where('site_pages.site_id', '=', post.siteId)
    .executeTakeFirst();
  if (!page) throw new DomainError('NOT_FOUND', 'This page is not published');
  return page;
}

/**
 * Where a visitor goes after a form or a payment: the block's redirectPath, else the funnel's next
 * step, else the site's published thank-you page, else the page itself with `?<done>=1`.
 */
export async function redirectOf(
  db: Db,
  post: { organizationId: string; siteId: string },
  redirectPath: string | undefined,
  pagePath: string,
  nextPageId: string | null,
  done = 'submitted',
): Promise<string> {
  const named = redirectPath?.trim();
  if (named) return named;
  const org = scoped(db, post.organizationId);
  const target = await org
    .selectFrom('site_pages')
    .select(['path'])
    .where('site_id', '=', post.siteId)
    .where('published_version_id', 'is not', null)
    .where((eb) => (nextPageId ? eb('id', '=', nextPageId) : eb('path', '=', THANK_YOU_PATH)))
    .executeTakeFirst();
  if (target) return target.path;
  return `${pagePath}?${done}=1`;
}

const labelOf = (form: FormProps, name: string) => form.fields.find((f) => f.name === name)?.label || name;

/**
 * The seam between publishing (server/sites/public.ts) and the form handling (issue #20 "Forms"):
 * a form block's submission becomes a contact (upserted by e-mail, else phone; custom fields by
 * `custom:<key>`; the block's tags), a form_submissions row (form id `site:<pageId>:<blockId>`,
 * listed by the Forms view), a timeline entry with the consent's text and time, the lead_captured
 * event (automations' Form Submitted trigger) and, on a funnel step, the visitor's opt-in — in one
 * transaction. A filled honeypot is answered as a success and stores nothing.
 */
export async function submitSiteForm(deps: Pick<AppDeps, 'database' | 'config' | 'jobs'>, post: SiteFormPost): Promise<SiteFormOutcome> {
  const db = deps.database.forOrganization(post.organizationId);
  await assertSlots(deps.database.db, [{ limit: SITE_FORMS_PER_ADDRESS, key: post.meta.ip }], () => 'Too many submissions from this address. Please try again in a minute.');
  const page = await loadLivePage(db, post);
  const block = [...walkBlocks(page.data as PageData)].find((b) => b.props.id === post.blockId);
  const form = block?.type === 'Form' ? ZFormProps.safeParse(block.props) : undefined;
  if (!form?.success) throw new DomainError('NOT_FOUND', 'This page has no such form');
  const { [LEAD_HONEYPOT_FIELD]: honeypot, ...fields } = post.fields;
  if (honeypot?.trim()) return { status: 'accepted', redirect: await redirectOf(db, post, form.data.redirectPath, page.path, null) };

  const { country } = await organizationSettings(db, post.organizationId);
  const { values, errors } = validate(form.data, fields, country);
  if (Object.keys(errors).length > 0) return { status: 'invalid', errors };

  const formId = `site:${post.pageId}:${post.blockId}`;
  const consent = form.data.consentText ? { text: form.data.consentText, givenAt: new Date().toISOString() } : null;
  const customFields = Object.fromEntries([...values].filter(([name]) => name.startsWith('custom:')).map(([name, value]) => [name.slice('custom:'.length), value]));
  const [first, ...rest] = (values.get('name') ?? '').split(/\s+/);
  const names = { firstName: values.get('firstName') ?? (first || undefined), lastName: values.get('lastName') ?? (rest.join(' ') || undefined) };
  const tags = [...new Set((form.data.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  const email = values.get('email');
  const phone = values.get('phone');

  try {
    return await db.transaction().execute(async (trx) => {
      const data = { ...names, companyName: values.get('company'), source: LEAD_SOURCE, tags, customFields };
      const attribution = { source: undefined, landingPage: page.path };
      // Found by e-mail when the form has one, else by phone: either way the form's names and tags are the contact's.
      const captured = email
        ? await upsertContactByEmail(trx, post.organizationId, { email, phone, ...data }, attribution, { via: 'lead_capture' })
        : await upsertContactByPhone(trx, post.organizationId, { phone: phone!, ...data }, attribution, { via: 'lead_capture' });
      const fieldsShown = Object.fromEntries([...values].map(([name, value]) => [labelOf(form.data, name), value]));
      if (consent) fieldsShown.Consent = `${consent.text} (${consent.givenAt})`;
      await recordLeadCapture(trx, post.organizationId, {
        ...captured,
        formId,
        email: email ?? '',
        page: page.path,
        referrer: null,
        tags,
        payload: { fields: Object.fromEntries(values), consent, siteId: post.siteId, pageId: post.pageId, blockId: post.blockId },
        fields: fieldsShown,
        formName: `${page.title} (${page.siteName}, ${page.path})`,
      });
      const step = await countOptIn(trx, { organizationId: post.organizationId, pageId: post.pageId, visitor: { ip: post.meta.ip, userAgent: post.meta.userAgent ?? '' } });
      return { status: 'accepted', redirect: await redirectOf(trx, post, form.data.redirectPath, page.path, step?.nextPageId ?? null) } as const;
    });
  } catch (error) {
    // The contact's own rules (a custom field's type, say) answer by the form's field names.
    const issues = error instanceof DomainError && error.code === 'VALIDATION' ? error.issues : undefined;
    if (!issues?.length) throw error;
    return { status: 'invalid', errors: Object.fromEntries(issues.map((i) => [i.path.replace(/^customFields\./, 'custom:'), i.message])) };
  }
}
