import { pageTexts } from '../i18n';

/** The automation builder's public face (spec app-core §2.6): 15 categories of blocks, sample templates. */
const en = {
  eyebrow: 'Automation · planned',
  title: 'Visual Automation Builder',
  lead: 'A preview of a planned feature, not built yet. Fifteen kinds of building blocks, one canvas. Try it: pick a category, click a block to add it to the workflow.',
  categoriesLabel: 'Building block categories',
  /** Each category's name and sample blocks, in the builder's order. */
  categories: {
    triggers: { label: 'Triggers', components: ['Form submitted', 'Tag added', 'Appointment booked'] },
    conditions: { label: 'Conditions', components: ['If lead score above 70', 'If e-mail opened', 'If tag is VIP'] },
    email: { label: 'Email', components: ['Welcome Email', 'Follow-up Email', 'Newsletter'] },
    sms: { label: 'SMS', components: ['Reminder SMS', 'Thank-you SMS', 'Review request SMS'] },
    voice: { label: 'Voice', components: ['Voicemail drop', 'Call task'] },
    calendar: { label: 'Calendar', components: ['Send booking link', 'Reschedule offer'] },
    scoring: { label: 'Lead Scoring', components: ['Add 10 points', 'Recalculate AI score'] },
    delays: { label: 'Delays', components: ['Wait 1 day', 'Wait until Monday 9AM'] },
    assignments: { label: 'Assignments', components: ['Assign to owner', 'Round-robin to team'] },
    integrations: { label: 'Integrations', components: ['Send webhook', 'Add to spreadsheet'] },
    'ai-actions': { label: 'AI Actions', components: ['Write personalised reply', 'Predict outcome'] },
    analytics: { label: 'Analytics', components: ['Record conversion', 'Add to report'] },
    compliance: { label: 'Compliance', components: ['Check SMS consent', 'Quiet hours'] },
    alerts: { label: 'Alerts', components: ['Notify owner', 'Slack alert'] },
    custom: { label: 'Custom Logic', components: ['Split A/B', 'Go to step'] },
  },
  canvas: 'Workflow canvas',
  start: 'Workflow Start',
  addFirst: 'Add Your First Action',
  stepsLabel: 'Workflow steps',
  remove: (title: string) => `Remove ${title}`,
  templatesTitle: 'Templates',
  templates: [
    { name: 'Lead Nurturing Sequence', details: '8 steps · Marketing · Beginner' },
    { name: 'Appointment Booking Flow', details: '12 steps · Sales · Intermediate' },
    { name: 'Enterprise Deal Pipeline', details: '25 steps · Enterprise · Advanced' },
  ],
  useTemplates: 'Use templates in your trial',
  whyTitle: 'Why teams build with it',
  why: [
    { title: '15 building blocks', text: 'Triggers to custom logic, e-mail to voice, all on one canvas.' },
    { title: 'Planned, not built yet', text: 'The builder is on the roadmap: this page shows its design, and the canvas above is a preview.' },
    { title: 'Built on what works today', text: 'Its first blocks will use what Switchboard already does: lead forms, SMS, tasks and the pipeline.' },
  ],
  ctaTitle: 'Build your first workflow today',
  ctaText: 'Start from a template and switch it on in minutes.',
  startTrial: 'Start Free Trial',
  seeJourneys: 'See multi-channel journeys',
};

export type AutomationBuilderTexts = typeof en;
export const AUTOMATION_BUILDER_TEXTS = pageTexts(en, { fr: () => import('./fr/automation-builder'), ar: () => import('./ar/automation-builder') });
