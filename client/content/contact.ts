import { pageTexts } from '../i18n';

/** The contact and book-a-demo pages. */
const en = {
  contact: {
    eyebrow: 'Contact',
    title: 'Talk to a person, quickly',
    lead: 'Live chat answers in under 2 minutes, e-mail within 4 hours, and our team books calls and screen shares from Monday to Saturday.',
    emailUs: (address: string) => `E-mail ${address}`,
    waysTitle: 'Ways to reach us',
    messageTitle: 'Send us a message',
    panelTitle: 'Questions about plans, migration or a partnership?',
    panelText: (sales: string, partners: string) => `Sales questions go to ${sales}; partnerships to ${partners}. We reply within 2 business hours.`,
    send: 'Send message',
  },
  bookDemo: {
    eyebrow: 'Enterprise demo',
    title: 'Book a Demo',
    lead: 'See how Switchboard connects your contacts, pipeline, inbox and appointments — on a call with the team that builds it.',
    points: {
      walkthrough: 'A live walkthrough built around your pipeline, your inbox and your appointments.',
      migration: 'Migration and onboarding planned with the people who will run it.',
      security: 'Security, compliance and self-hosting questions answered by engineers.',
      reply: 'Our enterprise team contacts you within 24 hours.',
    },
    formTitle: 'Request your demo',
    formText: 'Leave your business email and we will set up a time that suits you.',
  },
};

export type ContactTexts = typeof en;
export const CONTACT_TEXTS = pageTexts(en, { fr: () => import('./fr/contact'), ar: () => import('./ar/contact') });
