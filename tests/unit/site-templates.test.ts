import { describe, expect, it } from 'vitest';
import { renderPageDocument } from '../../server/sites/blocks/document';
import { walkBlocks, ZPageData, type PageData } from '../../server/sites/blocks/schema';
import { FUNNEL_TEMPLATES, PAGE_TEMPLATES } from '../../server/sites/templates';

const pages = [
  ...PAGE_TEMPLATES.map((t) => ({ name: `page ${t.id}`, title: t.title, data: t.data })),
  ...FUNNEL_TEMPLATES.flatMap((f) => f.steps.map((s) => ({ name: `funnel ${f.id} ${s.page.path}`, title: s.page.title, data: s.page.data }))),
];

const render = (data: PageData, title: string) =>
  renderPageDocument({
    data,
    ctx: {
      mode: 'published',
      organization: { name: 'Northside Clinic', address: '4 Elm Road', phone: '+1 555 0101', email: 'front@northside.test' },
      calendars: [{ id: 'cal-1', name: 'Front desk', bookingUrl: 'https://crm.test/book/northside/front-desk' }],
      formAction: (id) => `/s/northside/_form/p/${id}`,
      siteHref: (path) => `/s/northside${path === '/' ? '' : path}`,
    },
    page: { title, description: '', noindex: false, canonicalUrl: 'https://crm.test/s/northside' },
    site: { name: 'Northside Clinic', headerLinks: [] },
    islandSrc: { forms: '/s/_islands.js?v=1', countdown: '/s/_countdown.js?v=1' },
  });

describe('templates', () => {
  it('offers the five page templates and one funnel per industry, 2 to 3 steps each', () => {
    expect(PAGE_TEMPLATES.map((t) => t.id)).toEqual(['landing', 'lead-magnet', 'webinar', 'booking', 'thank-you']);
    expect(FUNNEL_TEMPLATES.map((f) => f.id)).toEqual(['dental', 'med-spa', 'agency', 'coaching']);
    for (const t of PAGE_TEMPLATES) expect(t.name && t.description && t.title && t.pageDescription && t.path.startsWith('/'), t.id).toBeTruthy();
    expect(new Set(PAGE_TEMPLATES.map((t) => t.path)).size).toBe(PAGE_TEMPLATES.length);
    for (const f of FUNNEL_TEMPLATES) {
      expect(f.steps.length, f.id).toBeGreaterThanOrEqual(2);
      expect(f.steps.length, f.id).toBeLessThanOrEqual(3);
      expect(new Set(f.steps.map((s) => s.page.path)).size, f.id).toBe(f.steps.length);
      // The opt-in's form goes on to the funnel's next step.
      const optIn = [...walkBlocks(f.steps[0]!.page.data)].find((b) => b.type === 'Form');
      expect(optIn?.props.redirectPath, f.id).toBe('');
    }
  });

  it.each(pages)('$name validates against ZPageData and renders with one h1 and headings in order', ({ data, title }) => {
    expect(ZPageData.parse(JSON.parse(JSON.stringify(data)))).toEqual(data);
    const html = render(data, title);
    expect(html).not.toMatch(/lorem|ipsum|coming soon|TODO/i);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => i > 0 && expect(level, `h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(levels[i - 1]! + 1));
    const types = new Set([...walkBlocks(data)].map((b) => b.type));
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([...(types.has('Form') || types.has('BookingCalendar') ? ['/s/_islands.js?v=1'] : []), ...(types.has('Countdown') ? ['/s/_countdown.js?v=1'] : [])]);
    expect(html.match(/<script/g) ?? []).toHaveLength(scripts.length);
    if (types.has('Form')) expect(html).toContain('name="website"');
  });

  it('uses the organization’s first calendar where a template books (calendarId "")', () => {
    const booking = PAGE_TEMPLATES.find((t) => t.id === 'booking')!;
    const block = [...walkBlocks(booking.data)].find((b) => b.type === 'BookingCalendar');
    expect(block?.props.calendarId).toBe('');
    expect(render(booking.data, booking.title)).toContain('src="https://crm.test/book/northside/front-desk?embed=1"');
  });
});
