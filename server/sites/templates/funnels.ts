import { field, templatePage, type TemplatePage } from './build';

/**
 * One funnel per industry (issue #20): an opt-in page whose form leads (redirectPath '') to the next
 * step, then booking and/or thank-you. Copy is specific to the trade and edited by the owner.
 */
export type FunnelTemplate = { id: 'dental' | 'med-spa' | 'agency' | 'coaching'; industry: string; name: string; description: string; steps: { name: string; page: TemplatePage }[] };

type B = Parameters<Parameters<typeof templatePage>[1]>[0];
const consent = 'I agree to be contacted by e-mail, phone or text about my request. Reply STOP or unsubscribe at any time.';

/** The closing step most funnels share: what happens next, in the trade's words. */
function thankYouPage(path: string, heading: string, text: string, steps: { title: string; text: string }[]): TemplatePage {
  return templatePage({ title: heading, path, description: text }, (b) => [
    b('Section', {
      width: 'narrow',
      padding: 'large',
      content: [b('Heading', { text: heading, level: 'h1', align: 'center' }), b('Text', { text, size: 'lead', align: 'center' })],
    }),
    b('Section', { background: 'muted', content: [b('FeatureGrid', { title: 'What happens next', columns: '3', items: steps })] }),
    b('Footer', {}),
  ]);
}

/** A booking step: a short reassurance and the organization's calendar. */
function bookingPage(path: string, heading: string, text: string, calendarTitle: string, faq: { question: string; answer: string }[]): TemplatePage {
  return templatePage({ title: heading, path, description: text }, (b: B) => [
    b('Section', {
      width: 'narrow',
      content: [b('Heading', { text: heading, level: 'h1', align: 'center' }), b('Text', { text, align: 'center' })],
    }),
    b('Section', { padding: 'small', content: [b('BookingCalendar', { calendarId: '', title: calendarTitle })] }),
    b('Section', { width: 'narrow', content: [b('Faq', { title: 'Good to know', items: faq })] }),
    b('Footer', {}),
  ]);
}

const dental: FunnelTemplate = {
  id: 'dental',
  industry: 'Dental practice',
  name: 'New patient exam',
  description: 'Invite new patients to a first exam and let them book it straight away.',
  steps: [
    {
      name: 'Opt-in',
      page: templatePage(
        { title: 'New patients welcome: book your first exam', path: '/new-patients', description: 'A thorough first exam, a clear treatment plan and no pressure. New patients welcome.' },
        (b) => [
          b('Section', {
            background: 'brand',
            padding: 'large',
            content: [
              b('Columns', {
                layout: '1-1',
                verticalAlign: 'center',
                left: [
                  b('Heading', { text: 'A calmer first visit to the dentist', level: 'h1' }),
                  b('Text', {
                    text: 'Your first exam includes a full check-up, X-rays when you need them and a plain-language treatment plan with prices before anything is done.\n\nNervous about the dentist? Tell us, and we will take it slowly.',
                    size: 'lead',
                  }),
                ],
                right: [
                  b('Form', {
                    title: 'Request your first exam',
                    fields: [
                      field('firstName', 'First name', 'text', true),
                      field('lastName', 'Last name', 'text', true),
                      field('email', 'E-mail', 'email', true),
                      field('phone', 'Mobile phone', 'tel', true),
                    ],
                    submitLabel: 'Continue to booking',
                    tags: ['new-patient'],
                    consentText: consent,
                    successMessage: 'Thank you! Now pick a time for your exam.',
                  }),
                ],
              }),
            ],
          }),
          b('Section', {
            content: [
              b('FeatureGrid', {
                title: 'Why patients choose us',
                columns: '3',
                items: [
                  { title: 'Prices before treatment', text: 'You see the cost of every step in writing before we begin, including what your insurance covers.' },
                  { title: 'Gentle care', text: 'Numbing gel before every injection, breaks whenever you raise a hand, and headphones if you want them.' },
                  { title: 'Early and late hours', text: 'Appointments before work and after school, so nobody has to take a day off.' },
                ],
              }),
            ],
          }),
          b('Section', {
            background: 'muted',
            content: [
              b('Testimonials', {
                title: 'From our patients',
                items: [
                  { quote: 'I had not been to a dentist in eight years. Nobody lectured me, they just made a plan and stuck to it.', name: 'Daniel R.', role: 'Patient since last spring' },
                  { quote: 'The hygienist explained everything as she went. My kids now ask when their next visit is.', name: 'Sofia M.', role: 'Mother of two' },
                ],
              }),
            ],
          }),
          b('Footer', {}),
        ],
      ),
    },
    {
      name: 'Booking',
      page: bookingPage('/new-patients/book', 'Pick a time for your first exam', 'Choose the time that suits you. Plan on about an hour for your first visit.', 'Choose your exam time', [
        { question: 'What should I bring?', answer: 'Your insurance card if you have one, a list of any medicines you take, and your previous X-rays if they are recent.' },
        { question: 'Can I change the time later?', answer: 'Yes. Your confirmation e-mail has a link to reschedule or cancel; please give us a day’s notice if you can.' },
        { question: 'I am in pain right now. What should I do?', answer: 'Call the practice: we keep time aside every day for emergencies.' },
      ]),
    },
    {
      name: 'Thank you',
      page: thankYouPage('/new-patients/thank-you', 'See you soon', 'Your exam is booked. A confirmation with the address and a calendar invite is on its way to your inbox.', [
        { title: 'Your confirmation', text: 'Check your e-mail for the date, time, address and parking details.' },
        { title: 'A short health form', text: 'We will send a link to a five-minute form, so your visit starts on time.' },
        { title: 'A reminder', text: 'You will get a reminder the day before. Need to move it? Use the link in any message.' },
      ]),
    },
  ],
};

const medSpa: FunnelTemplate = {
  id: 'med-spa',
  industry: 'Med spa',
  name: 'Free skin consultation',
  description: 'Offer a free consultation with a licensed provider, then book it.',
  steps: [
    {
      name: 'Opt-in',
      page: templatePage(
        {
          title: 'Free skin consultation with a licensed provider',
          path: '/consultation',
          description: 'Meet a licensed provider, get a personal treatment plan and honest advice. Free, with no obligation.',
        },
        (b) => [
          b('Section', {
            padding: 'large',
            content: [
              b('Columns', {
                layout: '1-1',
                verticalAlign: 'center',
                left: [
                  b('Heading', { text: 'Your free skin consultation', level: 'h1' }),
                  b('Text', {
                    text: 'Sit down with a licensed provider, talk through your goals and leave with a personal plan: which treatments fit your skin, how many sessions, and what it costs.\n\nNo obligation, and no treatment on the day unless you want it.',
                    size: 'lead',
                  }),
                ],
                right: [
                  b('Form', {
                    title: 'Claim your consultation',
                    fields: [field('firstName', 'First name', 'text', true), field('email', 'E-mail', 'email', true), field('phone', 'Mobile phone', 'tel', true)],
                    submitLabel: 'Choose a time',
                    tags: ['consultation-request'],
                    consentText: consent,
                    successMessage: 'Thank you! Now choose a time for your consultation.',
                  }),
                ],
              }),
            ],
          }),
          b('Section', {
            background: 'muted',
            content: [
              b('FeatureGrid', {
                title: 'What we talk about',
                columns: '3',
                items: [
                  { title: 'Your goals', text: 'Fine lines, tone, texture, volume: we start from what you want to change, and what you do not.' },
                  { title: 'Your skin', text: 'A close look under good light, your history and anything that rules a treatment out.' },
                  { title: 'Your plan', text: 'A written plan with the number of sessions, the downtime and the full price.' },
                ],
              }),
            ],
          }),
          b('Section', {
            width: 'narrow',
            content: [
              b('Faq', {
                title: 'Before you book',
                items: [
                  { question: 'Who will I meet?', answer: 'A licensed provider, a nurse practitioner or physician assistant, not a salesperson.' },
                  { question: 'Is the consultation really free?', answer: 'Yes, and there is nothing to buy. Many clients take the plan home and decide later.' },
                  { question: 'How long does it take?', answer: 'About thirty minutes. Come with a clean face if you can.' },
                ],
              }),
            ],
          }),
          b('Footer', {}),
        ],
      ),
    },
    {
      name: 'Booking',
      page: bookingPage('/consultation/book', 'Choose your consultation time', 'Thirty minutes with a licensed provider. You will get a confirmation straight away.', 'Available times', [
        { question: 'Can I bring a friend?', answer: 'Of course. Many clients come with someone who is considering a treatment too.' },
        { question: 'What if I need to reschedule?', answer: 'Use the link in your confirmation; we only ask for a day’s notice.' },
      ]),
    },
  ],
};

const agency: FunnelTemplate = {
  id: 'agency',
  industry: 'Marketing agency',
  name: 'Free marketing audit',
  description: 'Trade a free audit of a prospect’s marketing for a strategy call.',
  steps: [
    {
      name: 'Opt-in',
      page: templatePage(
        { title: 'Get a free audit of your marketing', path: '/audit', description: 'A senior strategist reviews your website, ads and follow-up and sends you the three changes worth making first.' },
        (b) => [
          b('Section', {
            background: 'dark',
            padding: 'large',
            content: [
              b('Heading', { text: 'Find out where your marketing leaks customers', level: 'h1', align: 'center' }),
              b('Text', {
                text: 'A senior strategist reviews your website, your ads and what happens after someone enquires. Within five business days you get a short video walking through the three changes worth making first.',
                size: 'lead',
                align: 'center',
              }),
            ],
          }),
          b('Section', {
            content: [
              b('Columns', {
                layout: '2-1',
                left: [
                  b('FeatureGrid', {
                    title: 'What we look at',
                    columns: '2',
                    items: [
                      { title: 'Your website', text: 'Speed on a phone, how clear the offer is and how easy it is to get in touch.' },
                      { title: 'Your ads', text: 'Where the budget goes, which searches you pay for and which ones convert.' },
                      { title: 'Your follow-up', text: 'How fast enquiries get an answer, and what happens when they do not reply.' },
                      { title: 'Your reviews', text: 'What people see when they search your name, and how to ask for more reviews.' },
                    ],
                  }),
                ],
                right: [
                  b('Form', {
                    title: 'Request your audit',
                    fields: [field('name', 'Your name', 'text', true), field('email', 'Work e-mail', 'email', true), field('company', 'Company', 'text', true), field('phone', 'Phone', 'tel', false)],
                    submitLabel: 'Request my free audit',
                    tags: ['audit-request'],
                    consentText: 'I agree to receive my audit and follow-up messages by e-mail. I can unsubscribe at any time.',
                    successMessage: 'Thank you! Your audit request is in.',
                  }),
                ],
              }),
            ],
          }),
          b('Section', {
            background: 'muted',
            content: [
              b('Testimonials', {
                title: 'What clients found',
                items: [
                  { quote: 'The audit showed half our ad budget went to searches that never bought. We fixed it the same week.', name: 'Laura Chen', role: 'Owner, Chen Physio' },
                  { quote: 'Honest, specific and short. We hired them afterwards, but the video alone was worth it.', name: 'Marcus Reid', role: 'Director, Reid Builders' },
                ],
              }),
            ],
          }),
          b('Footer', {}),
        ],
      ),
    },
    {
      name: 'Strategy call',
      page: bookingPage('/audit/call', 'Book your audit walkthrough', 'Your audit is on its way. Pick a 30-minute call to go through it together and ask questions.', 'Pick a time for the call', [
        { question: 'Do I have to book a call?', answer: 'No. You will receive the audit video either way; the call is for questions.' },
        { question: 'Will you try to sell me something?', answer: 'We will tell you what we would do; whether you do it yourself or with us is up to you.' },
      ]),
    },
  ],
};

const coaching: FunnelTemplate = {
  id: 'coaching',
  industry: 'Coaching',
  name: 'Masterclass and discovery call',
  description: 'Give away a free masterclass, then invite viewers to a discovery call.',
  steps: [
    {
      name: 'Opt-in',
      page: templatePage(
        { title: 'Free masterclass: a calmer, more focused work week', path: '/masterclass', description: 'A free 40-minute masterclass on planning a work week that leaves room to think.' },
        (b) => [
          b('Section', {
            background: 'brand',
            padding: 'large',
            content: [
              b('Heading', { text: 'Free masterclass: a calmer, more focused work week', level: 'h1', align: 'center' }),
              b('Text', { text: 'In 40 minutes, learn the weekly planning routine my clients use to stop firefighting and protect time for the work that matters.', size: 'lead', align: 'center' }),
            ],
          }),
          b('Section', {
            width: 'narrow',
            content: [
              b('FeatureGrid', {
                title: 'In the masterclass',
                columns: '3',
                items: [
                  { title: 'The Friday review', text: 'Fifteen minutes that make Monday morning calm.' },
                  { title: 'Two deep-work blocks', text: 'How to defend them when everyone needs you now.' },
                  { title: 'The polite no', text: 'Scripts for turning down requests without burning bridges.' },
                ],
              }),
              b('Form', {
                title: 'Watch it now',
                fields: [field('firstName', 'First name', 'text', true), field('email', 'E-mail', 'email', true)],
                submitLabel: 'Watch the masterclass',
                tags: ['masterclass'],
                consentText: 'Send me the masterclass and weekly notes by e-mail. I can unsubscribe at any time.',
                successMessage: 'Enjoy the masterclass!',
              }),
            ],
          }),
          b('Footer', {}),
        ],
      ),
    },
    {
      name: 'Watch and book',
      page: templatePage({ title: 'Your masterclass', path: '/masterclass/watch', description: 'Watch the masterclass and book a free discovery call.' }, (b) => [
        b('Section', {
          width: 'narrow',
          content: [
            b('Heading', { text: 'Your masterclass', level: 'h1', align: 'center' }),
            b('Video', { url: '', title: 'Watch the masterclass' }),
            b('Text', { text: 'The link to this page is in your inbox too, so you can come back to it any time this week.', align: 'center' }),
          ],
        }),
        b('Section', {
          background: 'muted',
          content: [
            b('Heading', { text: 'Want help putting it into practice?', level: 'h2', align: 'center' }),
            b('Text', { text: 'Book a free 20-minute discovery call. We will look at your current week and pick the first change to make.', align: 'center' }),
            b('BookingCalendar', { calendarId: '', title: '' }),
          ],
        }),
        b('Footer', {}),
      ]),
    },
  ],
};

export const FUNNEL_TEMPLATES: readonly FunnelTemplate[] = [dental, medSpa, agency, coaching];
