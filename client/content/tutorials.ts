/** Written tutorials (/tutorials = /tutorial-system); the help centre's videos link to them by id. */
import { pageTexts } from '../i18n';

/** `level` is written in the tutorial's language. */
export type Tutorial = { id: string; title: string; level: string; minutes: number; summary: string; steps: readonly string[] };

export const TUTORIALS: Tutorial[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    level: 'Beginner',
    minutes: 15,
    summary: 'Create your workspace, invite your team and get ready to work with real contacts.',
    steps: [
      'Start your free trial: enter your name, work e-mail, a password and your organization’s name. No credit card is needed.',
      'Open Settings → Organization and set your country and time zone, so reminders and reports use your local time.',
      'Invite your team from Settings → Members. Pick each person’s role: Admins manage users, Sales Reps work their own leads, Viewers only read.',
      'Connect your calendar and e-mail so appointments and conversations land on the right contact.',
      'Open the Dashboard: every figure on it comes from your own data, so it fills in as you work.',
    ],
  },
  {
    id: 'contacts',
    title: 'Importing and organising contacts',
    level: 'Beginner',
    minutes: 10,
    summary: 'Bring your list from a spreadsheet or another CRM and keep it clean.',
    steps: [
      'Export your contacts from your current tool or spreadsheet as a CSV file.',
      'Go to Contacts → Import, choose the file and match each column to a Switchboard field. Create custom fields for anything else.',
      'Start the import. It runs in the background; you can keep working and come back to the summary.',
      'Open Contacts → Duplicates to review likely duplicates and merge them, choosing which values to keep.',
      'Filter the list (by tag, owner or status) and save the filter as a view your team can reuse.',
    ],
  },
  {
    id: 'pipeline',
    title: 'Setting up your pipeline',
    level: 'Beginner',
    minutes: 10,
    summary: 'Shape the stages your deals move through and keep every deal moving.',
    steps: [
      'Open Pipeline. A default pipeline is ready: Qualified Leads, Discovery, Proposal, Negotiation and Closed Won.',
      'Rename, add or reorder stages to match how you actually sell.',
      'Create a deal from a contact, with its value and expected close date.',
      'Drag deals between stages on the board; each move is recorded in the deal’s history.',
      'Use the stalled-deals filter each week to find deals that have not moved, and give each a next step.',
    ],
  },
  {
    id: 'campaigns',
    title: 'Your first bulk SMS send',
    level: 'Intermediate',
    minutes: 20,
    summary: 'Send one text to a list of numbers, with a template, quiet hours and opt-outs respected, and answer the replies from the inbox.',
    steps: [
      'Open SMS and choose the bulk send; paste the numbers, one per line.',
      'Write the message or pick a template. Keep SMS under 160 characters, start with your business name, and offer a clear next step.',
      'Send yourself a test first and check it on your phone.',
      'Send it: numbers that opted out are skipped, and messages wait for the end of your quiet hours.',
      'Answer the replies from the inbox, where each one lands on the contact’s conversation.',
    ],
  },
  {
    id: 'automation',
    title: 'Building an automation',
    level: 'Intermediate',
    minutes: 25,
    summary: 'Follow up with every new lead automatically, and hand over to a person at the right moment.',
    steps: [
      'Open Automation, create a workflow and start from the “Lead Nurturing Sequence” template, or from an empty canvas.',
      'Pick the trigger, for example “Tag Added” with the tag website-lead.',
      'Add a welcome e-mail, a two-day wait and a text message. Use “Wait for Event” to take another path for leads who reply.',
      'Add a task for a sales rep when the lead replies.',
      'Test the workflow on one contact, then publish it and follow each run in the run history.',
    ],
  },
  {
    id: 'compliance',
    title: 'HIPAA and data protection',
    level: 'Advanced',
    minutes: 15,
    summary: 'Set up Switchboard for health information and regulated data.',
    steps: [
      'Switchboard comes with no business associate agreement (BAA): self-host it so patient data stays on your own servers, and check your HIPAA obligations with your compliance adviser.',
      'Review roles: give each member the least access they need, and use Viewer for read-only staff.',
      'Keep clinical details out of SMS and e-mail templates; send a secure link instead.',
      'Check the audit log in the Enterprise Security Center regularly for sign-ins and permission changes.',
      'Revoke sessions and API keys of people who leave, the same day they leave.',
    ],
  },
  {
    id: 'analytics',
    title: 'Reading your reports',
    level: 'Intermediate',
    minutes: 10,
    summary: 'See where revenue comes from and where deals stall.',
    steps: [
      'Open Reports and choose the period: 7 days, 30 days, 90 days or a year.',
      'Compare revenue and new deals with the previous period; arrows show the direction.',
      'Read the pipeline analysis: the conversion between stages shows where deals are lost.',
      'Check lead sources to see which of them bring customers, not just contacts.',
      'Export any report to CSV for your accountant or your own spreadsheets.',
    ],
  },
];

/**
 * The three tutorials to start with, in each language (the Academy's Tutorials tab): French and
 * Arabic have their own, also on /french-tutorial and /arabic-tutorial.
 */
const starter = {
  tutorials: TUTORIALS.filter((t) => ['getting-started', 'contacts', 'automation'].includes(t.id)),
  minutes: (minutes: number) => `${minutes} min`,
};

export type StarterTutorialTexts = typeof starter;
export const STARTER_TUTORIAL_TEXTS = pageTexts(starter, { fr: () => import('./fr/tutorials'), ar: () => import('./ar/tutorials') });
