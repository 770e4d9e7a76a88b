// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPageDocument } from '../../server/sites/blocks/document';
import { BOOKING_HEIGHT_MESSAGE } from '../../server/sites/blocks/embed';
import { ISLANDS } from '../../server/sites/blocks/islands';
import { ZPageData } from '../../server/sites/blocks/schema';

const islandSrc = { forms: '/s/_islands.js', countdown: '/s/_countdown.js' } as const;

/** A published page with a form and a countdown, the island scripts it names run as the browser would. */
function load(fetchReply: () => Promise<unknown>) {
  const html = renderPageDocument({
    data: ZPageData.parse({
      content: [
        { type: 'Form', props: { id: 'f', fields: [{ name: 'email', label: 'E-mail', type: 'email', required: true }], successMessage: 'Thanks!' } },
        { type: 'Countdown', props: { id: 'c', endsAt: '2030-01-01T00:00', timeZone: 'UTC' } },
        { type: 'BookingCalendar', props: { id: 'b', calendarId: '' } },
      ],
    }),
    ctx: {
      mode: 'published',
      organization: { name: 'Studio' },
      calendars: [{ id: 'cal', name: 'Consultation', bookingUrl: 'https://crm.test/book/studio/consultation' }],
      formAction: (id) => `https://site.test/_form/${id}`,
    },
    page: { title: 'T', description: '', noindex: false, canonicalUrl: 'https://site.test/' },
    site: { name: 'Studio', headerLinks: [] },
    islandSrc,
  });
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  const fetch = vi.fn(async () => ({ json: fetchReply }));
  vi.stubGlobal('fetch', fetch);
  for (const [name, src] of Object.entries(islandSrc)) if (html.includes(`<script src="${src}" defer>`)) new Function(ISLANDS[name as keyof typeof islandSrc].script)();
  return fetch;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  // No frame loads in a unit test, nor does a native submit navigate away.
  const settings = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM.settings;
  settings.disableIframePageLoading = true;
  settings.navigation = { ...(settings.navigation as object), disableMainFrameNavigation: true, disableChildFrameNavigation: true };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the island scripts', () => {
  it('posts the form as a native submit would, with Accept: application/json, and shows field errors', async () => {
    const fetch = load(async () => ({ errors: { email: 'must be a valid e-mail address' } }));
    // Valid for the browser's own check (type=email), refused by the server.
    (document.getElementById('f-email') as HTMLInputElement).value = 'ann@example';
    document.querySelector('form')!.requestSubmit();
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://site.test/_form/f');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Accept).toBe('application/json');
    expect(String(init.body)).toBe('email=ann%40example&website=');
    const error = document.getElementById('f-email-error')!;
    expect(error.textContent).toBe('must be a valid e-mail address');
    expect(error.hidden).toBe(false);
    expect(document.getElementById('f-email')!.getAttribute('aria-invalid')).toBe('true');
    expect((document.querySelector('button[type=submit]') as HTMLButtonElement).disabled).toBe(false);
  });

  it('follows { redirect } after showing the success message', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    load(async () => ({ redirect: '/s/studio/thank-you' }));
    (document.getElementById('f-email') as HTMLInputElement).value = 'ann@example.test';
    document.querySelector('form')!.requestSubmit();
    await settle();
    await settle();
    expect(document.querySelector('.sb-form-status')!.textContent).toBe('Thanks!');
    expect(assign).toHaveBeenCalledWith('/s/studio/thank-you');
  });

  it('says so when the answer is not JSON, and lets the visitor try again', async () => {
    load(async () => {
      throw new SyntaxError('not json');
    });
    (document.getElementById('f-email') as HTMLInputElement).value = 'ann@example.test';
    document.querySelector('form')!.requestSubmit();
    await settle();
    await settle();
    expect(document.getElementById('f-error')!.textContent).toBe('The form could not be sent. Please try again.');
    expect((document.querySelector('button[type=submit]') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sizes the booking frame to the height its own window posts from the booking page’s origin, and to nothing else', () => {
    load(async () => ({}));
    const frame = document.querySelector('iframe[data-sb-booking]') as HTMLIFrameElement;
    expect(frame.src).toBe('https://crm.test/book/studio/consultation?embed=1');
    const post = (data: unknown, origin: string, source: unknown = frame.contentWindow) => window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    post({ type: BOOKING_HEIGHT_MESSAGE, height: 900 }, 'https://crm.test');
    expect(frame.style.height).toBe('900px');
    // Another origin (the frame navigated elsewhere), another window, another message: no change.
    post({ type: BOOKING_HEIGHT_MESSAGE, height: 500 }, 'https://evil.test');
    post({ type: BOOKING_HEIGHT_MESSAGE, height: 500 }, 'https://crm.test', window);
    post({ type: 'other', height: 500 }, 'https://crm.test');
    expect(frame.style.height).toBe('900px');
    // Kept between 320 and 4000 px.
    post({ type: BOOKING_HEIGHT_MESSAGE, height: 1e6 }, 'https://crm.test');
    expect(frame.style.height).toBe('4000px');
    post({ type: BOOKING_HEIGHT_MESSAGE, height: 'tall' }, 'https://crm.test');
    expect(frame.style.height).toBe('320px');
  });

  it('ticks the countdown under its static end date', () => {
    vi.useFakeTimers({ now: new Date('2029-12-30T22:58:57Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    load(async () => ({}));
    const left = document.querySelector('.sb-countdown-left') as HTMLElement;
    expect(left.hidden).toBe(false);
    expect(left.textContent).toBe('1d 01:01:03 left');
    vi.advanceTimersByTime(2000);
    expect(left.textContent).toBe('1d 01:01:01 left');
  });
});
