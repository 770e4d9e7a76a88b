import { z } from 'zod';

/**
 * The public lead endpoint's rules (spec public-site §3, §5, §7), shared by POST
 * /api/convertkit/subscribe and tRPC leads.submit, and the in-app Forms view's inputs.
 * The public forms themselves stay zod-free (the landing's JS budget): they send, this decides.
 */

export const LEAD_LIMITS = {
  email: 254,
  name: 100,
  company: 200,
  industry: 100,
  phone: 40,
  formId: 100,
  leadMagnet: 100,
  tag: 50,
  tags: 20,
  url: 2000,
  utm: 200,
} as const;

/** Per client address: more submissions than this within a minute answer 429. */
export const LEAD_RATE_LIMIT = { max: 10, windowSeconds: 60 } as const;
/** The same e-mail on the same form within this many seconds is counted once. */
export const LEAD_DUPLICATE_SECONDS = 60;

/** A field people never see; a bot that fills it in is answered 200 and nothing is stored. */
export const LEAD_HONEYPOT_FIELD = 'website';

const text = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);
/** Optional text; '' (an empty form field) and null mean none. */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v || undefined);

export const ZLeadEmail = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(LEAD_LIMITS.email, `must be at most ${LEAD_LIMITS.email} characters`)
  .pipe(z.email('must be a valid e-mail address'));

/** Tags as the forms send them: text only; trimmed, empty ones removed, repeats dropped. */
export const ZLeadTags = z
  .array(z.string({ error: 'must be text' }).trim().max(LEAD_LIMITS.tag, `must be at most ${LEAD_LIMITS.tag} characters`), { error: 'must be a list of text tags' })
  .nullish()
  .transform((tags) => [...new Set((tags ?? []).map((t) => t.replace(/\s+/g, ' ')).filter(Boolean))])
  .refine((tags) => tags.length <= LEAD_LIMITS.tags, `must have at most ${LEAD_LIMITS.tags} tags`);

export const ZFormId = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(LEAD_LIMITS.formId, `must be at most ${LEAD_LIMITS.formId} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'must use only letters, digits, -, _, . and :');

/**
 * Both payload shapes of spec §7 — the lead form's {email, name, company, industry, phone, formId,
 * tags, leadMagnet} and the landing/demo forms' {email, formId, firstName, tags} — plus the page,
 * referrer and UTM fields the forms add for attribution, and the honeypot. Unknown keys are ignored.
 */
export const ZSubmitLeadInput = z.object(
  {
    email: ZLeadEmail,
    formId: ZFormId,
    name: optionalText(LEAD_LIMITS.name),
    firstName: optionalText(LEAD_LIMITS.name),
    company: optionalText(LEAD_LIMITS.company),
    industry: optionalText(LEAD_LIMITS.industry),
    phone: optionalText(LEAD_LIMITS.phone),
    tags: ZLeadTags,
    leadMagnet: optionalText(LEAD_LIMITS.leadMagnet),
    page: optionalText(LEAD_LIMITS.url),
    referrer: optionalText(LEAD_LIMITS.url),
    utmSource: optionalText(LEAD_LIMITS.utm),
    utmMedium: optionalText(LEAD_LIMITS.utm),
    utmCampaign: optionalText(LEAD_LIMITS.utm),
    utmTerm: optionalText(LEAD_LIMITS.utm),
    utmContent: optionalText(LEAD_LIMITS.utm),
    [LEAD_HONEYPOT_FIELD]: z.unknown().optional(),
  },
  { error: 'The submission must be an object of the form’s fields' },
);
export type TSubmitLeadInput = z.input<typeof ZSubmitLeadInput>;
export type TSubmitLead = z.output<typeof ZSubmitLeadInput>;

/** The Forms view's period: the last N days. */
export const FORM_PERIODS = [30, 90, 365] as const;
export const ZListFormsInput = z.object({
  days: z.literal(FORM_PERIODS, { error: `must be one of ${FORM_PERIODS.join(', ')}` }).default(90),
});
export type TListFormsInput = z.input<typeof ZListFormsInput>;

export const ZListSubmissionsInput = z.object({
  formId: ZFormId,
  page: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(1),
  limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(25),
});
export type TListSubmissionsInput = z.input<typeof ZListSubmissionsInput>;

export const ZIntegrationLogInput = z
  .object({
    limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  })
  .default({ limit: 50 });
export type TIntegrationLogInput = z.input<typeof ZIntegrationLogInput>;

/** POST /api/convertkit/subscribe answers only whether it took the lead (spec public-site §7). */
export const ZLeadAccepted = z.strictObject({ success: z.literal(true) });
export const ZLeadRefused = z.strictObject({ success: z.literal(false), message: z.string() });
