import { pageTexts } from '../i18n';

/**
 * How visitors reach the team (spec public-site §9 support claims): the project's public contact
 * points, set once here; every public page reads them from here. Switchboard is open source, so
 * questions and bug reports can also go to its repository's discussions and issues. There is no
 * public phone line: calls are booked (the demo form) and the team calls back.
 */
export const SUPPORT = {
  supportEmail: 'support@switchboard-crm.com',
  salesEmail: 'sales@switchboard-crm.com',
  partnersEmail: 'partners@switchboard-crm.com',
  repository: 'https://github.com/switchboard-crm/switchboard',
  discussions: 'https://github.com/switchboard-crm/switchboard/discussions',
  issues: 'https://github.com/switchboard-crm/switchboard/issues',
} as const;

/** The support claims and the contact cards, in each language. Hours are New York time (spec §9: EST). */
const en = {
  chatResponse: 'Live chat: an automated answer at once, our team during support hours',
  emailResponse: 'E-mail: answered within 4 hours',
  hours: ['Monday – Friday: 9AM – 6PM EST', 'Saturday: 10AM – 4PM EST', 'Sunday: closed (live chat stays open)'],
  hoursShort: 'Mon–Fri 9AM–6PM EST, Sat 10AM–4PM EST',
  emergency: 'Switchboard is open source: community support on GitHub Discussions and Issues',
  cards: {
    liveChat: 'Live chat',
    email: 'E-mail',
    call: 'Calls and video',
    callText: 'Book a call or a screen share and a specialist calls you back at the time you choose.',
    bookCall: 'Book a call',
    community: 'Community',
    communityText: 'Switchboard is open source: ask the community, follow the roadmap and report bugs on GitHub.',
    discussions: 'GitHub Discussions',
    issues: 'Report a bug',
    hours: 'Support hours',
  },
};

export type SupportTexts = typeof en;
export const SUPPORT_TEXTS = pageTexts(en, { fr: () => import('./fr/support'), ar: () => import('./ar/support') });
