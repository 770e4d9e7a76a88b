import { z } from 'zod';

/**
 * The site page format (issue #20): Puck `Data` whose every block's props are checked here, so the
 * editor (client), saveDraft/publish (server) and the templates share one set of rules. Errors name
 * the path, e.g. `content.2.props.href: must be…`. Imports nothing from the server (depcruise): the
 * client loads this module at runtime.
 *
 * Stored pages carry `root.props.version`; a block that changes shape bumps PAGE_DATA_VERSION and
 * adds a step to MIGRATIONS, which migratePageData runs on every page read from the database.
 */

export const BLOCK_TYPES = [
  'Section',
  'Columns',
  'Heading',
  'Text',
  'Image',
  'Video',
  'Button',
  'FeatureGrid',
  'Testimonials',
  'PricingTable',
  'Faq',
  'Countdown',
  'Form',
  'BookingCalendar',
  'Payment',
  'Spacer',
  'Footer',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Puck slot fields per container block: where child blocks live inside props. */
export const SLOT_FIELDS: Partial<Record<BlockType, readonly string[]>> = { Section: ['content'], Columns: ['left', 'right'] };

export const MAX_PAGE_BLOCKS = 400;

/** Same rule as the contacts domain's custom field keys (server/contacts/schema.ts, not importable here). */
export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
export const CONTACT_FORM_FIELDS = ['email', 'phone', 'firstName', 'lastName', 'name', 'company'] as const;
export const FORM_INPUT_TYPES = ['text', 'email', 'tel', 'textarea'] as const;

const str = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => str(max).min(1, 'is required');
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values, { error: `must be one of ${values.join(', ')}` }).default(fallback);

/** A link a visitor follows: web, mail, phone, a path on the same site or an anchor; never `javascript:`. */
export const LINK = /^(https?:\/\/[^\s/]+\S*|mailto:\S+|tel:[+\d][\d\s().-]*|\/\S*|#[\w-]*)$/i;
const link = str(2000).regex(LINK, 'must be an https:// link, mailto:, tel:, a path starting with / or an #anchor');
const optionalLink = str(2000).refine((v) => v === '' || LINK.test(v), 'must be empty, an https:// link, mailto:, tel:, a path starting with / or an #anchor');
const imageSrc = str(2000).refine((v) => v === '' || /^(https?:\/\/[^\s/]+\S*|\/\S*)$/i.test(v), 'must be empty, an https:// image address or a path starting with /');
const align = choice(['left', 'center'] as const, 'left');
const size = (min: number, max: number, fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).default(fallback);

/** YouTube or Vimeo address → the id the embed needs; null for anything else. */
export function videoEmbed(url: string): { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string } | null {
  const youtube = /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{11})/i.exec(url);
  if (youtube) return { provider: 'youtube', id: youtube[1]!, embedUrl: `https://www.youtube-nocookie.com/embed/${youtube[1]}?autoplay=1` };
  const vimeo = /^https?:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{5,12})/i.exec(url);
  if (vimeo) return { provider: 'vimeo', id: vimeo[1]!, embedUrl: `https://player.vimeo.com/video/${vimeo[1]}?autoplay=1` };
  return null;
}

// ——— Blocks' props (without `id` and slots, which ZPageData checks) ———

export const ZSectionProps = z.object({
  background: choice(['none', 'muted', 'brand', 'dark'] as const, 'none'),
  width: choice(['narrow', 'normal', 'wide'] as const, 'normal'),
  padding: choice(['small', 'medium', 'large'] as const, 'medium'),
  anchor: str(40)
    .regex(/^([a-z][a-z0-9-]*)?$/, 'must be empty or lowercase letters, digits and dashes, starting with a letter')
    .default(''),
});
export const ZColumnsProps = z.object({
  layout: choice(['1-1', '2-1', '1-2'] as const, '1-1'),
  verticalAlign: choice(['top', 'center'] as const, 'top'),
});
export const ZHeadingProps = z.object({
  text: required(200),
  level: choice(['h1', 'h2', 'h3'] as const, 'h2'),
  align,
});
export const ZTextProps = z.object({
  /** Plain text; a blank line starts a new paragraph. No HTML, so nothing a visitor sees is markup from the editor. */
  text: required(5000),
  size: choice(['body', 'lead', 'small'] as const, 'body'),
  align,
});
export const ZImageProps = z
  .object({
    src: imageSrc.default(''),
    /** An image uploaded to the site (`site_assets` id); wins over src when set. */
    assetId: str(60).default(''),
    alt: str(300).default(''),
    width: size(16, 4000, 1200),
    height: size(16, 4000, 675),
    caption: str(300).default(''),
    rounded: z.boolean({ error: 'must be true or false' }).default(true),
  })
  .superRefine((p, ctx) => {
    if ((p.src || p.assetId) && !p.alt) ctx.addIssue({ code: 'custom', path: ['alt'], message: 'is required: describe the image for visitors who cannot see it' });
  });
export const ZVideoProps = z.object({
  url: str(500)
    .refine((v) => v === '' || videoEmbed(v) !== null, 'must be a YouTube or Vimeo video address')
    .default(''),
  title: required(200).default('Watch the video'),
});
export const ZButtonProps = z.object({
  label: required(80),
  href: link,
  variant: choice(['primary', 'secondary'] as const, 'primary'),
  align,
});
export const ZFeatureGridProps = z.object({
  title: str(200).default(''),
  intro: str(1000).default(''),
  columns: choice(['2', '3', '4'] as const, '3'),
  items: z
    .array(z.object({ title: required(120), text: str(1000).default('') }), { error: 'must be a list' })
    .min(1, 'must contain at least one item')
    .max(12, 'must contain at most 12 items'),
});
export const ZTestimonialsProps = z.object({
  title: str(200).default(''),
  items: z
    .array(z.object({ quote: required(1000), name: required(120), role: str(120).default('') }), { error: 'must be a list' })
    .min(1, 'must contain at least one testimonial')
    .max(12, 'must contain at most 12 testimonials'),
});
export const ZPricingTableProps = z.object({
  title: str(200).default(''),
  plans: z
    .array(
      z.object({
        name: required(80),
        price: required(40),
        period: str(40).default(''),
        description: str(300).default(''),
        /** One feature per line. */
        features: str(2000).default(''),
        ctaLabel: str(60).default(''),
        ctaHref: optionalLink.default(''),
        highlighted: z.boolean({ error: 'must be true or false' }).default(false),
      }),
      { error: 'must be a list' },
    )
    .min(1, 'must contain at least one plan')
    .max(4, 'must contain at most 4 plans'),
});
export const ZFaqProps = z.object({
  title: str(200).default(''),
  items: z
    .array(z.object({ question: required(300), answer: required(3000) }), { error: 'must be a list' })
    .min(1, 'must contain at least one question')
    .max(30, 'must contain at most 30 questions'),
});
export const ZCountdownProps = z.object({
  title: str(200).default(''),
  /** Wall-clock time in timeZone, `YYYY-MM-DDTHH:mm`. */
  endsAt: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a date and time like 2027-03-01T18:00'),
  timeZone: required(60).refine(isTimeZone, 'must be a time zone like Europe/Paris or America/New_York'),
  endedText: str(200).default('This offer has ended.'),
});
export const ZFormField = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .refine(
        (v) => (CONTACT_FORM_FIELDS as readonly string[]).includes(v) || (v.startsWith('custom:') && CUSTOM_FIELD_KEY.test(v.slice(7))),
        `must be one of ${CONTACT_FORM_FIELDS.join(', ')} or custom:<key> (lowercase letters, digits and _ , starting with a letter)`,
      ),
    label: required(120),
    type: choice(FORM_INPUT_TYPES, 'text'),
    required: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .transform((f) => ({ ...f, name: f.name as FormFieldName }));
export type FormFieldName = (typeof CONTACT_FORM_FIELDS)[number] | `custom:${string}`;
export const ZFormProps = z
  .object({
    title: str(200).default(''),
    fields: z.array(ZFormField, { error: 'must be a list of fields' }).min(1, 'must contain at least one field').max(20, 'must contain at most 20 fields'),
    submitLabel: required(60).default('Send'),
    tags: z.array(str(60).min(1, 'must not be empty'), { error: 'must be a list of tags' }).max(10, 'must contain at most 10 tags').default([]),
    /** Empty: no consent checkbox. Otherwise a required checkbox, the text recorded with the submission. */
    consentText: str(500).default(''),
    /** '' = the funnel's next step, or the site's thank-you page. */
    redirectPath: str(300)
      .refine((v) => v === '' || /^\/\S*$/.test(v), 'must be empty or a path starting with /')
      .default(''),
    successMessage: str(300).default('Thank you, we will be in touch shortly.'),
  })
  .superRefine((p, ctx) => {
    const names = p.fields.map((f) => f.name);
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: `is used twice (${n})` });
    });
    // A submission upserts a contact by e-mail or phone: without one it could not land anywhere.
    if (!names.includes('email') && !names.includes('phone')) ctx.addIssue({ code: 'custom', path: ['fields'], message: 'must include an email or a phone field' });
  });
export const ZBookingCalendarProps = z.object({
  /** '' = the organization's first calendar, resolved when the page is published. */
  calendarId: str(60).default(''),
  title: str(200).default('Book a time'),
});
/** The currencies a Payment block may charge in: all with two decimals, so a price's cents are its minor units. */
export const PAYMENT_CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud', 'chf'] as const;
export const PAYMENT_LIMITS = { minPrice: 1, maxPrice: 100_000 } as const;
/** A product the organization sells from a page: the visitor pays its price through Stripe Checkout (or the sandbox). */
export const ZPaymentProps = z.object({
  productName: required(120).default('Strategy session'),
  description: str(500).default(''),
  /** In the currency's major unit (49.5 = 49.50), at most two decimals. */
  price: z.coerce
    .number({ error: 'must be a number' })
    .min(PAYMENT_LIMITS.minPrice, `must be at least ${PAYMENT_LIMITS.minPrice}`)
    .max(PAYMENT_LIMITS.maxPrice, `must be at most ${PAYMENT_LIMITS.maxPrice}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most two decimals')
    .default(49),
  currency: choice(PAYMENT_CURRENCIES, 'usd'),
  buttonLabel: required(60).default('Buy now'),
  /** '' = the funnel's next step, or the site's thank-you page. */
  redirectPath: str(300)
    .refine((v) => v === '' || /^\/\S*$/.test(v), 'must be empty or a path starting with /')
    .default(''),
});
/** The price in minor units (cents), as Stripe takes it. */
export const priceMinor = (price: number) => Math.round(price * 100);
export const ZSpacerProps = z.object({ size: choice(['small', 'medium', 'large'] as const, 'medium') });
export const ZFooterProps = z.object({
  note: str(500).default(''),
  links: z
    .array(z.object({ label: required(60), href: link }), { error: 'must be a list of links' })
    .max(8, 'must contain at most 8 links')
    .default([]),
});

export const BLOCK_SCHEMAS = {
  Section: ZSectionProps,
  Columns: ZColumnsProps,
  Heading: ZHeadingProps,
  Text: ZTextProps,
  Image: ZImageProps,
  Video: ZVideoProps,
  Button: ZButtonProps,
  FeatureGrid: ZFeatureGridProps,
  Testimonials: ZTestimonialsProps,
  PricingTable: ZPricingTableProps,
  Faq: ZFaqProps,
  Countdown: ZCountdownProps,
  Form: ZFormProps,
  BookingCalendar: ZBookingCalendarProps,
  Payment: ZPaymentProps,
  Spacer: ZSpacerProps,
  Footer: ZFooterProps,
} satisfies Record<BlockType, z.ZodType>;

export type BlockProps = { [K in BlockType]: z.output<(typeof BLOCK_SCHEMAS)[K]> };
export type TFormField = z.output<typeof ZFormField>;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

// ——— The page ———

export type PageBlock = { type: BlockType; props: Record<string, unknown> & { id: string } };
export type PageData = { root: { props: Record<string, unknown> & { version: number } }; content: PageBlock[]; zones?: Record<string, PageBlock[]> };

const ZBlockId = z.string({ error: 'must be text' }).trim().min(1, 'is required').max(80, 'must be at most 80 characters');

const ZBlock: z.ZodType<PageBlock> = z.lazy(() =>
  z
    .object({
      type: z.enum(BLOCK_TYPES, { error: `must be one of ${BLOCK_TYPES.join(', ')}` }),
      props: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
    })
    .transform((block, ctx) => {
      const { id, ...rest } = block.props;
      const parsedId = ZBlockId.safeParse(id);
      if (!parsedId.success) {
        for (const issue of parsedId.error.issues) ctx.addIssue({ code: 'custom', path: ['props', 'id', ...issue.path], message: issue.message });
        return z.NEVER;
      }
      const slots = SLOT_FIELDS[block.type] ?? [];
      const props = BLOCK_SCHEMAS[block.type].safeParse(Object.fromEntries(Object.entries(rest).filter(([k]) => !slots.includes(k))));
      if (!props.success) {
        for (const issue of props.error.issues) ctx.addIssue({ code: 'custom', path: ['props', ...issue.path], message: issue.message });
        return z.NEVER;
      }
      const out: Record<string, unknown> & { id: string } = { id: parsedId.data, ...(props.data as object) };
      for (const slot of slots) {
        const children = z.array(ZBlock, { error: 'must be a list of blocks' }).default([]).safeParse(rest[slot]);
        if (!children.success) {
          for (const issue of children.error.issues) ctx.addIssue({ code: 'custom', path: ['props', slot, ...issue.path], message: issue.message });
          return z.NEVER;
        }
        out[slot] = children.data;
      }
      return { type: block.type, props: out };
    }),
);

/** Every block of a page, depth first (content, then slots, then legacy zones). */
export function* walkBlocks(data: Pick<PageData, 'content' | 'zones'>): Generator<PageBlock> {
  function* visit(blocks: readonly PageBlock[]): Generator<PageBlock> {
    for (const block of blocks) {
      yield block;
      for (const slot of SLOT_FIELDS[block.type] ?? []) {
        const children = block.props[slot];
        if (Array.isArray(children)) yield* visit(children as PageBlock[]);
      }
    }
  }
  yield* visit(data.content);
  for (const zone of Object.values(data.zones ?? {})) yield* visit(zone);
}

export const PAGE_DATA_VERSION = 1;

export const ZPageData: z.ZodType<PageData> = z
  .object({
    root: z
      .object({ props: z.record(z.string(), z.unknown()).default({}) }, { error: 'must be an object' })
      .default({ props: {} })
      .transform((root) => ({ props: { ...root.props, version: PAGE_DATA_VERSION } })),
    content: z.array(ZBlock, { error: 'must be a list of blocks' }),
    zones: z.record(z.string(), z.array(ZBlock, { error: 'must be a list of blocks' })).optional(),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    let count = 0;
    for (const block of walkBlocks(data)) {
      count += 1;
      if (seen.has(block.props.id)) ctx.addIssue({ code: 'custom', path: ['content'], message: `has two blocks with the id ${block.props.id}` });
      seen.add(block.props.id);
    }
    if (count > MAX_PAGE_BLOCKS) ctx.addIssue({ code: 'custom', path: ['content'], message: `must contain at most ${MAX_PAGE_BLOCKS} blocks (has ${count})` });
  });

export type TPageData = z.output<typeof ZPageData>;

/**
 * Upgrades a stored page to PAGE_DATA_VERSION. Step n turns a version-n page into version n+1; a
 * page without a version is version 0 (saved before versions existed).
 */
type RawData = { root: { props: Record<string, unknown> }; content: RawBlock[]; zones?: Record<string, RawBlock[]> };
type RawBlock = { type: string; props: Record<string, unknown> };
const MIGRATIONS: Record<number, (data: RawData) => RawData> = {
  /**
   * 0 → 1: Form tags were one comma-separated string and fields' `name` of custom fields was the
   * bare key with `custom: true`; Puck's old DropZone `zones` of Columns/Section become slots.
   */
  0: (data) => {
    const zones = { ...(data.zones ?? {}) };
    const upgrade = (blocks: RawBlock[]): RawBlock[] =>
      blocks.map((block) => {
        const props = { ...block.props };
        if (block.type === 'Form') {
          if (typeof props.tags === 'string')
            props.tags = props.tags
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean);
          if (Array.isArray(props.fields))
            props.fields = props.fields.map((f: Record<string, unknown>) => {
              const { custom, ...field } = f;
              return custom === true && typeof field.name === 'string' && !field.name.startsWith('custom:') ? { ...field, name: `custom:${field.name}` } : field;
            });
        }
        for (const slot of SLOT_FIELDS[block.type as BlockType] ?? []) {
          const zoneKey = `${String(props.id)}:${slot}`;
          if (!Array.isArray(props[slot]) && Array.isArray(zones[zoneKey])) {
            props[slot] = zones[zoneKey];
            delete zones[zoneKey];
          }
          if (Array.isArray(props[slot])) props[slot] = upgrade(props[slot] as RawBlock[]);
        }
        return { ...block, props };
      });
    const content = upgrade(data.content);
    const rest = Object.fromEntries(Object.entries(zones).map(([k, v]) => [k, upgrade(v)]));
    return { root: data.root, content, ...(Object.keys(rest).length ? { zones: rest } : {}) };
  },
};

export function migratePageData(stored: unknown): PageData {
  const raw = (stored ?? {}) as Partial<RawData>;
  let data: RawData = {
    root: { props: { ...((raw.root as RawData['root'] | undefined)?.props ?? {}) } },
    content: Array.isArray(raw.content) ? raw.content : [],
    ...(raw.zones && typeof raw.zones === 'object' ? { zones: raw.zones } : {}),
  };
  let version = typeof data.root.props.version === 'number' ? data.root.props.version : 0;
  while (version < PAGE_DATA_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new Error(`No migration of site page data from version ${version}`);
    data = step(data);
    version += 1;
    data.root.props.version = version;
  }
  return ZPageData.parse(data);
}

/** An empty page, as the editor starts one. */
export const emptyPageData = (): PageData => ({ root: { props: { version: PAGE_DATA_VERSION } }, content: [] });

/** The form's hidden trap input; the same name as the leads domain's LEAD_HONEYPOT_FIELD (checked by a unit test). */
export const HONEYPOT_FIELD = 'website';
