import { pageTexts } from '../i18n';

/** The automation builder's public face (spec app-core §2.6): 15 categories of blocks, sample templates. */
const en = {
  eyebrow: 'Automation · in the app',
  title: 'Visual Automation Builder',
  lead: 'The workflow builder is in Switchboard: triggers, conditions, waits, SMS and e-mail steps on one canvas. This page is a preview with sample blocks; the blocks marked planned are not built yet. Try it: pick a category, click a block to add it to the workflow.',
  categoriesLabel: 'Building block categories',
  /** Each category's name and sample blocks, in the builder's order; a block the engine does not run yet says so. */
  categories: {
    triggers: { label: 'Triggers', components: ['Form submitted', 'Tag added', 'Deal stage changed'] },
    conditions: { label: 'Conditions', components: ['If tag is VIP', 'If lead score above 70', 'Goal reached'] },
    email: { label: 'Email', components: ['Welcome e-mail', 'Follow-up e-mail', 'E-mail received'] },
    sms: { label: 'SMS', components: ['Reminder SMS', 'Thank-you SMS', 'SMS received with a keyword'] },
    voice: { label: 'Voice (planned)', components: ['Voicemail drop (planned)', 'Call routing (planned)'] },
    calendar: { label: 'Calendar', components: ['Appointment booked', 'Appointment cancelled'] },
    scoring: { label: 'Lead Scoring', components: ['Add 10 points', 'Subtract 5 points'] },
    delays: { label: 'Delays', components: ['Wait 1 day', 'Wait for a reply, up to 2 days'] },
    assignments: { label: 'Assignments', components: ['Create a task', 'Round-robin to team'] },
    integrations: { label: 'Integrations (planned)', components: ['Send webhook (planned)', 'Add to spreadsheet (planned)'] },
    'ai-actions': { label: 'AI Actions (planned)', components: ['Write personalised reply (planned)', 'Predict outcome (planned)'] },
    analytics: { label: 'Analytics', components: ['A/B split', 'Add to report (planned)'] },
    compliance: { label: 'Compliance', components: ['Opt-out check (in every SMS step)', 'Quiet hours (in every SMS step)'] },
    alerts: { label: 'Alerts', components: ['Notify team', 'Slack alert (planned)'] },
    custom: { label: 'Custom Logic', components: ['Update a field', 'Enrol in another workflow'] },
  },
  canvas: 'Workflow canvas',
  start: 'Workflow Start',
  addFirst: 'Add Your First Action',
  stepsLabel: 'Workflow steps',
  remove: (title: string) => `Remove ${title}`,
  templatesTitle: 'Templates',
  /** Three of the builder's templates (server/automations/templates.ts), with their step counts. */
  templates: [
    { name: 'Lead Nurturing Sequence', details: '8 steps · Sales' },
    { name: 'Appointment Booking Flow', details: '12 steps · Calendar' },
    { name: 'Welcome Series', details: '7 steps · Email' },
  ],
  /** For a signed-in visitor: the real builder (/automation); signed out, the app asks to sign in first. */
  openBuilder: 'Open the Workflow Builder',
  useTemplates: 'Use templates in your trial',
  whyTitle: 'Why teams build with it',
  why: [
    { title: '15 kinds of blocks', text: 'Triggers, conditions, e-mail, SMS, waits, tags, tasks and lead score on one canvas. Voice, AI actions and integrations are planned, not built yet.' },
    { title: 'In the app today', text: 'Draft a workflow, test it on one contact, publish it, and follow each run step by step. The canvas above is a preview.' },
    { title: 'Built on what works today', text: 'Its steps send through Switchboard’s SMS and e-mail, so opt-outs, suppressions and quiet hours apply to every message.' },
  ],
  ctaTitle: 'Build your first workflow today',
  ctaText: 'Start from a template in your trial, test it on a contact, then publish it.',
  startTrial: 'Start Free Trial',
  seeJourneys: 'See multi-channel journeys',
};

export type AutomationBuilderTexts = typeof en;
export const AUTOMATION_BUILDER_TEXTS = pageTexts(en, { fr: () => import('./fr/automation-builder'), ar: () => import('./ar/automation-builder') });
