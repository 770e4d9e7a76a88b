import { pageTexts } from '../i18n';

/** The sales landing page (spec public-site §2.8): countdown, problems and solutions, results, urgency, demo form. */
const en = {
  countdownLabel: 'Launch offer ends in',
  countdownLead: 'Launch pricing ends in',
  countdown: (days: number, hours: number, minutes: number) => `${days} days ${hours} hours ${minutes} minutes`,
  eyebrow: 'Launch offer',
  title: 'Stop losing leads to slow follow-up',
  lead: 'Buyers often choose the company that answers first. Switchboard puts every lead from your forms and website chat on your pipeline the moment it arrives, so you can be first.',
  startTrial: 'Start Free Trial',
  bookDemo: 'Book a Demo',
  problemsTitle: 'The problem, and how we solve it',
  problemLabel: 'Problem:',
  solutionLabel: 'Solution:',
  problems: [
    {
      problem: 'Leads wait hours for a reply and buy from whoever answers first.',
      solution: 'Every new lead reaches your team at once, and you can answer by text or website chat from the same screen.',
    },
    {
      problem: 'Your team calls whoever is at the top of the list, not who is ready to buy.',
      solution: 'Each lead lands on your pipeline with its source and history, and a task for the right person, so the best ones are called first.',
    },
    {
      problem: 'Follow-ups live in people’s heads and slip when it gets busy.',
      solution: 'Every follow-up is a task with a due date and an owner, on the contact it concerns. An automation can send them for you: a wait, an SMS or e-mail, then a task if nobody replies.',
    },
    { problem: 'Eight tools, eight logins, and nobody sees the whole customer.', solution: 'Contacts, deals, texts, e-mails, chats and appointments share one timeline.' },
  ],
  resultsTitle: 'What you get today',
  resultsLabel: 'Switchboard in figures',
  whyNowTitle: 'Why now',
  whyNowIntro: 'Launch pricing is locked in for as long as you stay a customer, but only for sign-ups before the offer ends.',
  includedTitle: 'Included with the launch offer',
  included: ['Free guided migration from your current tool', 'Ready-made SMS templates and lead forms', 'A 1-to-1 onboarding call in your first week'],
  demoTitle: 'See it on your own leads',
  demoPanelTitle: 'Book a 30-minute demo',
  demoPanelText: 'We will show you a real lead arriving from a form or the chat and your team answering it, and answer every question. Reply within 24 hours.',
  ctaTitle: 'Be the first to answer, every time',
  ctaText: 'Start free today; your first reply to a lead can go out this afternoon.',
  seePricing: 'See pricing',
};

export type SalesLandingTexts = typeof en;
export const SALES_LANDING_TEXTS = pageTexts(en, { fr: () => import('./fr/sales-landing'), ar: () => import('./ar/sales-landing') });
