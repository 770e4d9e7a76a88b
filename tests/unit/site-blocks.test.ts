import { Render } from '@puckeditor/core/rsc';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LEAD_HONEYPOT_FIELD } from '../../server/leads/schema';
import { zonedTimeToInstant } from '../../server/sites/blocks/components/countdown';
import { siteConfig, type BlockContext } from '../../server/sites/blocks/config';
import { brandCss, contrast } from '../../server/sites/blocks/css';
import { renderCodeDocument, renderPageDocument, type PageDocumentInput } from '../../server/sites/blocks/document';
import { ISLANDS } from '../../server/sites/blocks/islands';
import { BLOCK_SCHEMAS, BLOCK_TYPES, HONEYPOT_FIELD, MAX_PAGE_BLOCKS, PAGE_DATA_VERSION, ZPageData, migratePageData, videoEmbed, type PageData } from '../../server/sites/blocks/schema';

const ctx = (over: Partial<BlockContext> = {}): BlockContext => ({
  mode: 'published',
  organization: { name: 'Bright Smiles Dental', address: '12 High Street\nSpringfield', phone: '+1 (555) 010-0200', email: 'hello@brightsmiles.test' },
  calendars: [
    { id: 'cal-a', name: 'Dr. Ana Ruiz', bookingUrl: 'https://crm.test/book/bright/ana' },
    { id: 'cal-b', name: 'Hygiene', bookingUrl: 'https://crm.test/book/bright/hygiene' },
  ],
  formAction: (blockId) => `/s/bright/_form/page-1/${blockId}`,
  now: new Date('2026-12-02T10:00:00Z'),
  ...over,
});

const page = (content: unknown[]): PageData => ZPageData.parse({ root: { props: {} }, content });
const render = (data: PageData, over: Partial<PageDocumentInput> = {}) =>
  renderPageDocument({
    data,
    ctx: ctx(),
    page: { title: 'Welcome', description: 'A dental practice', noindex: false, canonicalUrl: 'https://brightsmiles.test/' },
    site: { name: 'Bright Smiles', headerLinks: [{ label: 'Book', href: '/book' }] },
    islandSrc: { forms: '/s/_islands.js?v=abc', countdown: '/s/_countdown.js?v=abc' },
    ...over,
  });
const issues = (input: unknown) => {
  const result = ZPageData.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const heading = { type: 'Heading', props: { id: 'h', text: 'Healthy teeth, calm visits', level: 'h1' } };
const form = {
  type: 'Form',
  props: {
    id: 'lead',
    fields: [
      { name: 'firstName', label: 'First name', type: 'text', required: true },
      { name: 'email', label: 'E-mail', type: 'email', required: true },
      { name: 'custom:insurer', label: 'Insurer', type: 'text', required: false },
    ],
    tags: ['new-patient'],
    consentText: 'I agree to be contacted about my visit.',
  },
};

describe('ZPageData', () => {
  it('takes every block, in content and in Section/Columns slots, fills defaults and stamps the version', () => {
    const data = page([
      { type: 'Section', props: { id: 's', content: [heading, { type: 'Columns', props: { id: 'c', left: [{ type: 'Text', props: { id: 't', text: 'Hi' } }], right: [form] } }] } },
      { type: 'Image', props: { id: 'i', src: 'https://cdn.test/a.png', alt: 'Our waiting room' } },
      { type: 'Video', props: { id: 'v', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      { type: 'Button', props: { id: 'b', label: 'Book', href: '/book' } },
      { type: 'FeatureGrid', props: { id: 'fg', items: [{ title: 'Gentle' }] } },
      { type: 'Testimonials', props: { id: 'ts', items: [{ quote: 'Great', name: 'Ann' }] } },
      { type: 'PricingTable', props: { id: 'pt', plans: [{ name: 'Exam', price: '$99' }] } },
      { type: 'Faq', props: { id: 'fq', items: [{ question: 'Does it hurt?', answer: 'No.' }] } },
      { type: 'Countdown', props: { id: 'cd', endsAt: '2027-01-10T18:00', timeZone: 'America/New_York' } },
      { type: 'BookingCalendar', props: { id: 'bc' } },
      { type: 'Payment', props: { id: 'pay', productName: 'Whitening kit', price: 49.5 } },
      { type: 'Spacer', props: { id: 'sp' } },
      { type: 'Footer', props: { id: 'ft' } },
    ]);
    expect(data.root.props.version).toBe(PAGE_DATA_VERSION);
    const types = new Set<string>();
    const visit = (blocks: PageData['content']) =>
      blocks.forEach((b) => {
        types.add(b.type);
        for (const slot of ['content', 'left', 'right']) if (Array.isArray(b.props[slot])) visit(b.props[slot] as PageData['content']);
      });
    visit(data.content);
    expect([...types].sort()).toEqual([...BLOCK_TYPES].sort());
    expect(data.content[0]!.props).toMatchObject({ background: 'none', width: 'normal' });
    expect(data.content.find((b) => b.type === 'BookingCalendar')!.props).toEqual({ id: 'bc', calendarId: '', title: 'Book a time' });
  });

  it('names the block, the field and the rule when something is wrong', () => {
    expect(issues({ content: [{ type: 'Marquee', props: { id: 'x' } }] })[0]).toMatch(/^content\.0\.type: must be one of Section, Columns/);
    expect(issues({ content: [{ type: 'Image', props: { id: 'i', src: 'https://cdn.test/a.png', alt: '' } }] })).toEqual([
      'content.0.props.alt: is required: describe the image for visitors who cannot see it',
    ]);
    expect(issues({ content: [{ type: 'Button', props: { id: 'b', label: 'Go', href: 'javascript:alert(1)' } }] })[0]).toMatch(/^content\.0\.props\.href: must be an https:\/\/ link/);
    expect(issues({ content: [{ type: 'Video', props: { id: 'v', url: 'https://evil.test/v.mp4' } }] })).toEqual(['content.0.props.url: must be a YouTube or Vimeo video address']);
    expect(issues({ content: [{ type: 'Form', props: { id: 'f', fields: [{ name: 'firstName', label: 'Name' }] } }] })).toEqual(['content.0.props.fields: must include an email or a phone field']);
    expect(
      issues({
        content: [
          {
            type: 'Form',
            props: {
              id: 'f',
              fields: [
                { name: 'email', label: 'E' },
                { name: 'custom:Bad Key', label: 'X' },
              ],
            },
          },
        ],
      })[0],
    ).toMatch(/^content\.0\.props\.fields\.1\.name: must be one of email/);
    expect(issues({ content: [{ type: 'Countdown', props: { id: 'c', endsAt: '2027-01-10T18:00', timeZone: 'Mars/Olympus' } }] })).toEqual([
      'content.0.props.timeZone: must be a time zone like Europe/Paris or America/New_York',
    ]);
    expect(issues({ content: [{ type: 'Section', props: { id: 's', content: [{ type: 'Heading', props: { id: 'h', text: '' } }] } }] })).toEqual(['content.0.props.content.0.props.text: is required']);
    expect(issues({ content: [heading, { ...heading }] })).toEqual(['content: has two blocks with the id h']);
    const many = Array.from({ length: MAX_PAGE_BLOCKS + 1 }, (_, i) => ({ type: 'Spacer', props: { id: `s${i}` } }));
    expect(issues({ content: many })).toEqual([`content: must contain at most ${MAX_PAGE_BLOCKS} blocks (has ${MAX_PAGE_BLOCKS + 1})`]);
  });

  it('reads YouTube and Vimeo addresses into privacy-friendly embeds', () => {
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(videoEmbed('https://www.youtube.com/shorts/dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(videoEmbed('https://vimeo.com/76979871')?.embedUrl).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(videoEmbed('https://example.test/watch?v=dQw4w9WgXcQ')).toBeNull();
  });
});

describe('migratePageData', () => {
  it('upgrades a version-0 page: Puck zones become slots, a tags string becomes a list, bare custom field names get custom:', () => {
    const stored = {
      root: { props: { title: 'Old page' } },
      content: [
        { type: 'Columns', props: { id: 'cols', layout: '1-1' } },
        {
          type: 'Form',
          props: {
            id: 'f',
            tags: 'vip, spring-offer ,',
            fields: [
              { name: 'email', label: 'E-mail', type: 'email', required: true },
              { name: 'insurer', custom: true, label: 'Insurer', type: 'text', required: false },
            ],
          },
        },
      ],
      zones: { 'cols:left': [{ type: 'Text', props: { id: 't', text: 'Left side' } }], 'cols:right': [] },
    };
    const data = migratePageData(stored);
    expect(data.root.props).toEqual({ title: 'Old page', version: PAGE_DATA_VERSION });
    expect(data.zones).toBeUndefined();
    expect(data.content[0]!.props.left).toEqual([{ type: 'Text', props: { id: 't', text: 'Left side', size: 'body', align: 'left' } }]);
    expect(data.content[0]!.props.right).toEqual([]);
    expect(data.content[1]!.props.tags).toEqual(['vip', 'spring-offer']);
    expect((data.content[1]!.props.fields as { name: string }[]).map((f) => f.name)).toEqual(['email', 'custom:insurer']);
  });

  it('leaves a current page as it is', () => {
    const current = page([heading, form]);
    expect(migratePageData(JSON.parse(JSON.stringify(current)))).toEqual(current);
  });
});

describe('renderPageDocument', () => {
  it('ships no script at all for a page without a form, booking calendar or countdown, and only the CSS its blocks need', () => {
    const html = render(
      page([heading, { type: 'Text', props: { id: 't', text: 'Open six days a week.' } }, { type: 'Video', props: { id: 'v', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Meet "Dr. Ruiz"' } }]),
    );
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('.sb-h1{');
    expect(html).not.toContain('.sb-form{');
    expect(html).not.toContain('.sb-faq');
    expect(html.match(/<style>/g)).toHaveLength(1);
    // The video is a frame whose own document is the poster, its link the player (navigating the frame, not the page): no third-party address in any src.
    expect(html).not.toMatch(/src="https?:\/\/(www\.)?(youtube|youtube-nocookie|vimeo|player\.vimeo|i\.ytimg)/);
    const frame =
      /<div class="sb-video"><iframe srcDoc="([^"]*)" title="Meet &quot;Dr. Ruiz&quot;" allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen=""><\/iframe><\/div>/.exec(
        html,
      );
    expect(frame).not.toBeNull();
    const poster = frame![1]!.replace(/&(quot|#x27|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', '#x27': "'", lt: '<', gt: '>', amp: '&' })[e]!);
    expect(poster).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meet &quot;Dr\. Ruiz&quot;<\/title><\/head><body style="margin:0">/);
    expect([...poster.matchAll(/<a [^>]*>/g)].map((m) => m[0])).toEqual([expect.stringMatching(/^<a href="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1" style="[^"]+">$/)]);
    expect(poster.replace(/<[^>]+>/g, '')).toBe('Meet &quot;Dr. Ruiz&quot;Meet &quot;Dr. Ruiz&quot; (plays here, from YouTube)');
    // The frame's document is under the page's policy: styled by attributes, no <style>, no script, nothing fetched.
    expect(poster).not.toMatch(/<(style|script|link|img)\b|\bsrc=|\btarget=/);
  });

  it('adds exactly one deferred script, the honeypot and a consent checkbox for a page with a form', () => {
    const html = render(page([heading, form]));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script src="/s/_islands.js?v=abc" defer></script>');
    expect(HONEYPOT_FIELD).toBe(LEAD_HONEYPOT_FIELD);
    expect(html).toMatch(/<input id="lead-website" type="text" tabindex="-1" autoComplete="off" name="website"\/>/);
    expect(html).toMatch(/<form class="sb-form"[^>]* action="\/s\/bright\/_form\/page-1\/lead" method="post">/);
    expect(html).toMatch(/<input id="lead-consent" type="checkbox" required=""[^>]*name="consent" value="yes"\/>/);
    expect(html).toContain('name="custom:insurer"');
    expect(html).toMatch(/<label for="lead-email">E-mail/);
  });

  it('shows a native POST’s errors and values again when publishing passes formState', () => {
    const html = render(page([form]), { ctx: ctx({ formState: { blockId: 'lead', values: { firstName: 'Ann', email: 'ann@' }, errors: { email: 'must be an e-mail address' } } }) });
    expect(html).toContain('value="ann@"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="email"/);
    expect(html).toContain('<p class="sb-field-error" id="lead-email-error">must be an e-mail address</p>');
    expect(html).toContain('Please correct the fields marked below.');
  });

  it('embeds the booking calendar lazily with a link fallback; an empty calendarId is the first calendar', () => {
    const html = render(
      page([
        { type: 'BookingCalendar', props: { id: 'bc', calendarId: 'cal-b', title: 'Book a cleaning' } },
        { type: 'BookingCalendar', props: { id: 'bc2' } },
      ]),
    );
    expect(html).toContain('<iframe class="sb-booking-frame" loading="lazy" src="https://crm.test/book/bright/hygiene?embed=1" title="Book a time: Hygiene"');
    expect(html).toContain('<a href="https://crm.test/book/bright/hygiene">');
    expect(html).toContain('src="https://crm.test/book/bright/ana?embed=1"');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('writes the head: canonical, description, Open Graph, noindex, favicon, brand color', () => {
    const html = render(page([heading]), {
      page: { title: 'Exams & cleanings', description: 'Gentle "care"', ogImage: 'https://cdn.test/og.png', noindex: true, canonicalUrl: 'https://brightsmiles.test/exams' },
      site: { name: 'Bright Smiles', headerLinks: [], faviconUrl: '/s/bright/_assets/fav', brandColor: '#ffcc00', homeUrl: '/s/bright' },
    });
    expect(html).toContain('<title>Exams &amp; cleanings</title>');
    expect(html).toContain('<meta name="description" content="Gentle &quot;care&quot;">');
    expect(html).toContain('<link rel="canonical" href="https://brightsmiles.test/exams">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.test/og.png">');
    expect(html).toContain('<link rel="icon" href="/s/bright/_assets/fav">');
    expect(html).toContain('--sb-brand:#ffcc00');
    expect(html).toContain('<a class="sb-site-name" href="/s/bright">Bright Smiles</a>');
  });

  it('frames custom code by its address, sandboxed, never in the document itself; the code is a document of its own', () => {
    const html = render(page([heading]), { site: { name: 'S', headerLinks: [], customCodeSrc: '../_code/version-1' } });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<iframe class="sb-sr" sandbox="allow-scripts" src="../_code/version-1" title="Site code" aria-hidden="true" tabindex="-1"></iframe></body>');
    expect(html).not.toContain('allow-same-origin');
    expect(render(page([heading]))).not.toContain('<iframe');
    expect(renderCodeDocument('<script>track("visit")</script>')).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Site code</title><script>track("visit")</script></head><body></body></html>',
    );
  });

  it('fills the footer with the organization’s details and the year, and resolves site paths', () => {
    const html = render(page([{ type: 'Footer', props: { id: 'f', links: [{ label: 'Privacy', href: '/privacy' }] } }]), { ctx: ctx({ siteHref: (p) => `/s/bright${p}` }) });
    expect(html).toContain('<strong>Bright Smiles Dental</strong>');
    expect(html).toContain('<address>12 High Street<br/>Springfield</address>');
    expect(html).toContain('<a href="tel:+15550100200">+1 (555) 010-0200</a>');
    expect(html).toContain('<a href="mailto:hello@brightsmiles.test">');
    expect(html).toContain('© 2026 Bright Smiles Dental');
    expect(html).toContain('<a href="/s/bright/privacy">Privacy</a>');
  });

  it('renders a countdown as static text at the right instant, across daylight-saving time', () => {
    expect(zonedTimeToInstant('2027-01-10T18:00', 'Europe/Paris').toISOString()).toBe('2027-01-10T17:00:00.000Z');
    expect(zonedTimeToInstant('2027-07-10T18:00', 'Europe/Paris').toISOString()).toBe('2027-07-10T16:00:00.000Z');
    expect(zonedTimeToInstant('2027-03-14T12:00', 'America/New_York').toISOString()).toBe('2027-03-14T16:00:00.000Z');
    expect(zonedTimeToInstant('2027-01-10T09:30', 'Australia/Sydney').toISOString()).toBe('2027-01-09T22:30:00.000Z');
    const html = render(page([{ type: 'Countdown', props: { id: 'c', title: 'Offer ends', endsAt: '2027-07-10T18:00', timeZone: 'Europe/Paris' } }]));
    expect(html).toContain('Ends <time dateTime="2027-07-10T16:00:00.000Z">Saturday, July 10, 2027 at 6:00 PM GMT+2</time>');
    // The countdown island alone ticks it; without JavaScript the end line stands and the ticking line stays hidden.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/s/_countdown.js?v=abc" defer>']);
    expect(html).toContain('<p class="sb-countdown-left" hidden=""></p>');
    // With a form too: both islands, each once.
    const countdown = (id: string) => ({ type: 'Countdown', props: { id, endsAt: '2027-07-10T18:00', timeZone: 'UTC' } });
    expect(render(page([form, countdown('c'), countdown('c2')])).match(/<script[^>]*>/g)).toEqual(['<script src="/s/_islands.js?v=abc" defer>', '<script src="/s/_countdown.js?v=abc" defer>']);
  });
});

describe('the Payment block', () => {
  it('links to its order page when published, is inert in the editor, and takes a price with at most two decimals in a known currency', () => {
    const data = page([{ type: 'Payment', props: { id: 'pay', productName: 'Whitening kit', price: '49.5', currency: 'eur' } }]);
    expect(data.content[0]!.props).toMatchObject({ price: 49.5, currency: 'eur', buttonLabel: 'Buy now', redirectPath: '' });
    const published = renderToStaticMarkup(createElement(Render, { config: siteConfig(ctx({ payHref: (id) => `https://crm.test/api/pay/page-1/${id}` })), data }));
    expect(published).toContain('<a class="sb-btn sb-btn-primary" href="https://crm.test/api/pay/page-1/pay" rel="nofollow">Buy now</a>');
    expect(published).toContain('€49.50');
    const editor = renderToStaticMarkup(createElement(Render, { config: siteConfig(ctx({ mode: 'editor' })), data }));
    expect(editor).not.toContain('href=');
    expect(issues({ content: [{ type: 'Payment', props: { id: 'p', price: 49.999 } }] })).toEqual(['content.0.props.price: must have at most two decimals']);
    expect(issues({ content: [{ type: 'Payment', props: { id: 'p', price: 0.5 } }] })).toEqual(['content.0.props.price: must be at least 1']);
    expect(issues({ content: [{ type: 'Payment', props: { id: 'p', price: 1e9 } }] })).toEqual(['content.0.props.price: must be at most 100000']);
    expect(issues({ content: [{ type: 'Payment', props: { id: 'p', currency: 'jpy' } }] })[0]).toMatch(/^content\.0\.props\.currency: must be one of usd, eur/);
  });
});

describe('the registry', () => {
  it('has the 17 components, and each one’s default props are valid (a block just dropped in keeps the draft saveable)', () => {
    const config = siteConfig(ctx({ mode: 'editor' }));
    expect(Object.keys(config.components).sort()).toEqual([...BLOCK_TYPES].sort());
    for (const type of BLOCK_TYPES) {
      const result = BLOCK_SCHEMAS[type].safeParse(config.components[type]!.defaultProps);
      expect(result.success, `${type}: ${result.error?.message}`).toBe(true);
    }
  });

  it('renders in editor mode: forms submit nowhere, booking is a placeholder, half-edited blocks say what is missing', () => {
    const data = {
      root: { props: {} },
      content: [
        form,
        { type: 'BookingCalendar', props: { id: 'bc', calendarId: 'cal-b', title: 'Book' } },
        { type: 'Heading', props: { id: 'h2', text: '', level: 'h2', align: 'left' } },
        { type: 'Video', props: { id: 'v', url: 'https://vimeo.com/76979871', title: 'Studio tour' } },
      ],
    };
    const html = renderToStaticMarkup(createElement(Render, { config: siteConfig(ctx({ mode: 'editor' })), data }));
    expect(html).toMatch(/<form class="sb-form"/);
    expect(html).not.toContain('action=');
    expect(html).toContain('Booking calendar: Hygiene');
    expect(html).not.toContain('<iframe');
    expect(html).toContain('Heading: text is required');
    // The video's poster, without its link to the player (a click in the canvas selects the block).
    expect(html).toContain('<div class="sb-video"><span style="');
    expect(html).toContain('Studio tour<span');
    expect(html).not.toContain('vimeo.com');
    // Published, an invalid block renders nothing rather than a broken fragment.
    const published = renderToStaticMarkup(createElement(Render, { config: siteConfig(ctx()), data }));
    expect(published).not.toContain('Heading:');
  });

  it('derives readable text colors from any brand color', () => {
    for (const brand of ['#ffcc00', '#0f766e', '#000000', '#ffffff', '#7c3aed']) {
      const css = brandCss(brand);
      const [, ink, onBrand] = /--sb-brand-ink:(#[0-9a-f]{6});--sb-on-brand:(#[0-9a-f]{6})/.exec(css)!;
      expect(contrast(ink!, '#ffffff'), brand).toBeGreaterThanOrEqual(4.5);
      expect(contrast(onBrand!, brand), brand).toBeGreaterThanOrEqual(4.5);
    }
    expect(brandCss('red; } body { display:none')).toBe('');
  });
});

describe('ISLANDS', () => {
  it('are plain JavaScript, the forms island under 3 KB and the countdown under 1 KB', () => {
    expect(new TextEncoder().encode(ISLANDS.forms.script).length).toBeLessThanOrEqual(3072);
    expect(new TextEncoder().encode(ISLANDS.countdown.script).length).toBeLessThanOrEqual(1024);
    for (const { script } of Object.values(ISLANDS)) expect(() => new Function(script)).not.toThrow();
  });
});
