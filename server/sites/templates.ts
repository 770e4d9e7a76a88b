import { FUNNEL_TEMPLATES } from './templates/funnels';
import { field, templatePage, twoWeeksAhead, type TemplatePage } from './templates/build';

/**
 * The starting points of the site builder (issue #20): five page templates and one funnel per
 * industry, with real copy the owner edits. Every page validates against ZPageData (at import and in
 * tests/unit/site-templates.test.ts). A BookingCalendar's calendarId '' means "the organization's
 * first calendar", resolved when the page is published.
 */
/** description: what the template is, for the picker; pageDescription: the page's meta description. */
export type PageTemplate = { id: PageTemplateId; name: string; description: string; title: string; path: string; pageDescription: string; data: TemplatePage['data'] };
export type PageTemplateId = 'landing' | 'lead-magnet' | 'webinar' | 'booking' | 'thank-you';
export { FUNNEL_TEMPLATES, type FunnelTemplate } from './templates/funnels';
export type { TemplatePage } from './templates/build';

const landing = templatePage({ title: 'Expert help, without the wait', path: '/', description: 'Tell us what you need and get a clear plan and a fixed price by the next business day.' }, (b) => [
  b('Section', {
    background: 'brand',
    padding: 'large',
    content: [
      b('Heading', { text: 'Expert help, without the wait', level: 'h1', align: 'center' }),
      b('Text', {
        text: 'Tell us what you need today and get a clear plan, a fixed price and a date by the next business day. No call centres, no surprises on the invoice.',
        size: 'lead',
        align: 'center',
      }),
      b('Button', { label: 'Get my free quote', href: '#quote', variant: 'primary', align: 'center' }),
    ],
  }),
  b('Section', {
    anchor: 'how',
    content: [
      b('FeatureGrid', {
        title: 'How it works',
        intro: 'Three steps, and you always know what happens next.',
        columns: '3',
        items: [
          { title: '1. Tell us what you need', text: 'Fill in the short form below. It takes under two minutes, and there is no obligation.' },
          { title: '2. Get a fixed quote', text: 'A specialist replies within one business day with a price that will not change once we start.' },
          { title: '3. Pick a date that suits you', text: 'Choose a time online and get a reminder the day before. Need to move it? One click.' },
        ],
      }),
    ],
  }),
  b('Section', {
    background: 'muted',
    content: [
      b('Testimonials', {
        title: 'What our customers say',
        items: [
          { quote: 'They answered the same afternoon and the final bill matched the quote to the cent.', name: 'Maria Lopez', role: 'Homeowner' },
          { quote: 'Clear, punctual and friendly. We have used them three times since and will keep doing so.', name: 'James Carter', role: 'Office manager' },
          { quote: 'Booking online took a minute, and the reminder meant nobody forgot the appointment.', name: 'Priya Shah', role: 'Small business owner' },
        ],
      }),
    ],
  }),
  b('Section', {
    width: 'narrow',
    content: [
      b('Faq', {
        title: 'Questions we hear often',
        items: [
          { question: 'Is the quote really free?', answer: 'Yes. You get a written quote with no obligation and no call-out fee.' },
          { question: 'How quickly can you start?', answer: 'Most jobs start within a week of your go-ahead. Urgent requests are often handled the same week.' },
          { question: 'Can the price change once you start?', answer: 'No. The price in your quote is the price you pay, unless you ask us to add work.' },
          { question: 'How do I reschedule?', answer: 'Every confirmation has a link to move or cancel your appointment, no phone call needed.' },
        ],
      }),
    ],
  }),
  b('Section', {
    anchor: 'quote',
    background: 'muted',
    width: 'narrow',
    content: [
      b('Heading', { text: 'Get your free quote', level: 'h2', align: 'center' }),
      b('Text', { text: 'Leave your details and we will get back to you within one business day.', align: 'center' }),
      b('Form', {
        title: '',
        fields: [field('firstName', 'First name', 'text', true), field('email', 'E-mail', 'email', true), field('phone', 'Phone', 'tel', false)],
        submitLabel: 'Get my free quote',
        tags: ['website-lead'],
        consentText: 'I agree to be contacted about my request. You can unsubscribe at any time.',
        successMessage: 'Thank you! We will be in touch within one business day.',
      }),
    ],
  }),
  b('Footer', {}),
]);

const leadMagnet = templatePage(
  { title: 'Free guide: win back the customers you are losing', path: '/free-guide', description: 'A short, practical guide to the follow-up habits that turn enquiries into paying customers.' },
  (b) => [
    b('Section', {
      padding: 'large',
      content: [
        b('Columns', {
          layout: '1-1',
          verticalAlign: 'center',
          left: [
            b('Heading', { text: 'Free guide: win back the customers you are losing', level: 'h1' }),
            b('Text', {
              text: 'Most enquiries that go nowhere were never followed up properly. This short guide shows the simple habits that turn more of them into paying customers.\n\nInside you will find:\n• the three messages to send after every enquiry\n• when to call and when to write\n• a follow-up calendar you can copy today',
              size: 'lead',
            }),
          ],
          right: [
            b('Form', {
              title: 'Send me the guide',
              fields: [field('firstName', 'First name', 'text', true), field('email', 'E-mail', 'email', true)],
              submitLabel: 'Send me the free guide',
              tags: ['lead-magnet'],
              consentText: 'Send me the guide and occasional tips by e-mail. I can unsubscribe at any time.',
              successMessage: 'Check your inbox: the guide is on its way.',
            }),
          ],
        }),
      ],
    }),
    b('Section', {
      background: 'muted',
      content: [
        b('Testimonials', {
          title: 'Readers put it to work',
          items: [
            { quote: 'We started sending the second message the same week and booked four more jobs that month.', name: 'Tom Becker', role: 'Contractor' },
            { quote: 'Short, practical and no fluff. The follow-up calendar now hangs next to our phone.', name: 'Aisha Karim', role: 'Studio owner' },
          ],
        }),
      ],
    }),
    b('Footer', {}),
  ],
);

const webinar = templatePage(
  { title: 'Live workshop: fill your calendar in 30 days', path: '/webinar', description: 'A free live workshop on turning website visitors into booked appointments. Save your seat.' },
  (b) => [
    b('Section', {
      background: 'dark',
      padding: 'large',
      content: [
        b('Heading', { text: 'Live workshop: fill your calendar in 30 days', level: 'h1', align: 'center' }),
        b('Text', { text: 'A free 45-minute session with a live Q&A. Learn how to turn website visitors into booked appointments, step by step.', size: 'lead', align: 'center' }),
        b('Countdown', { title: 'Registration closes', endsAt: twoWeeksAhead(), timeZone: 'UTC', endedText: 'Registration is closed. Watch this page for the next date.' }),
      ],
    }),
    b('Section', {
      content: [
        b('FeatureGrid', {
          title: 'What you will learn',
          columns: '3',
          items: [
            { title: 'The one-page offer', text: 'How to write an offer visitors understand in five seconds, and act on.' },
            { title: 'Follow-up that feels helpful', text: 'The messages to send after someone signs up, and when to send them.' },
            { title: 'Booking without back-and-forth', text: 'Let people pick a time online, with reminders that cut no-shows.' },
          ],
        }),
      ],
    }),
    b('Section', {
      background: 'muted',
      width: 'narrow',
      content: [
        b('Heading', { text: 'Save your seat', level: 'h2', align: 'center' }),
        b('Form', {
          fields: [field('firstName', 'First name', 'text', true), field('email', 'E-mail', 'email', true)],
          submitLabel: 'Save my seat',
          tags: ['webinar-registrant'],
          consentText: 'Send me the joining link, a reminder before we start and the replay.',
          successMessage: 'You are registered. The joining link is on its way to your inbox.',
        }),
      ],
    }),
    b('Section', {
      width: 'narrow',
      content: [
        b('Faq', {
          title: 'Before you register',
          items: [
            { question: 'Is it really free?', answer: 'Yes. There is nothing to buy, during or after the workshop.' },
            { question: 'What if I cannot attend live?', answer: 'Register anyway: everyone who signs up gets the replay by e-mail the next day.' },
            { question: 'Do I need to install anything?', answer: 'No. The workshop runs in your browser; the link arrives by e-mail.' },
          ],
        }),
      ],
    }),
    b('Footer', {}),
  ],
);

const booking = templatePage({ title: 'Book your appointment', path: '/book', description: 'Pick a time that suits you and get a confirmation straight away.' }, (b) => [
  b('Section', {
    width: 'narrow',
    content: [
      b('Heading', { text: 'Book your appointment', level: 'h1', align: 'center' }),
      b('Text', { text: 'Pick a time that suits you. Times are shown in your own time zone, and you get a confirmation by e-mail straight away.', align: 'center' }),
    ],
  }),
  b('Section', { padding: 'small', content: [b('BookingCalendar', { calendarId: '', title: 'Choose a time' })] }),
  b('Section', {
    background: 'muted',
    content: [
      b('FeatureGrid', {
        title: 'What to expect',
        columns: '3',
        items: [
          { title: 'Instant confirmation', text: 'Your booking is confirmed on the spot, with a calendar invite attached.' },
          { title: 'A reminder before', text: 'We send a reminder ahead of time so nothing slips.' },
          { title: 'Easy to change', text: 'Every confirmation carries a link to reschedule or cancel.' },
        ],
      }),
    ],
  }),
  b('Footer', {}),
]);

const thankYou = templatePage({ title: 'Thank you', path: '/thank-you', description: 'We have received your details.' }, (b) => [
  b('Section', {
    width: 'narrow',
    padding: 'large',
    content: [
      b('Heading', { text: 'Thank you, you are all set', level: 'h1', align: 'center' }),
      b('Text', { text: 'We have received your details. A confirmation is on its way to your inbox; if it is not there in a few minutes, check your spam folder.', size: 'lead', align: 'center' }),
      b('Heading', { text: 'What happens next', level: 'h2', align: 'center' }),
      b('Text', { text: 'A member of our team reads every request and will get back to you within one business day.', align: 'center' }),
      b('Button', { label: 'Back to the home page', href: '/', variant: 'secondary', align: 'center' }),
    ],
  }),
  b('Footer', {}),
]);

const tmpl = (id: PageTemplateId, name: string, description: string, page: TemplatePage): PageTemplate => ({
  id,
  name,
  description,
  title: page.title,
  path: page.path,
  pageDescription: page.description,
  data: page.data,
});

export const PAGE_TEMPLATES: readonly PageTemplate[] = [
  tmpl('landing', 'Landing page', 'Hero, how it works, testimonials, FAQ and a quote form.', landing),
  tmpl('lead-magnet', 'Lead magnet', 'Offer a free guide in exchange for an e-mail address.', leadMagnet),
  tmpl('webinar', 'Webinar registration', 'A live workshop with a countdown and a registration form.', webinar),
  tmpl('booking', 'Booking page', 'Your booking calendar with what visitors can expect.', booking),
  tmpl('thank-you', 'Thank-you page', 'Confirms a form was sent and says what happens next.', thankYou),
];

export const pageTemplate = (id: string): PageTemplate | undefined => PAGE_TEMPLATES.find((t) => t.id === id);
export const funnelTemplate = (id: string) => FUNNEL_TEMPLATES.find((t) => t.id === id);
