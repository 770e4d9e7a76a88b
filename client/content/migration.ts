import { pageTexts } from '../i18n';

/** The migration guide. Source tools are named as their makers write them. */
const en = {
  eyebrow: 'Migration guide',
  title: 'Move to Switchboard in a day',
  lead: 'Export a CSV from your current tool, import it into Switchboard, and point your forms to it. Any tool that exports a CSV will do, and our team helps for free.',
  startTrial: 'Start Free Trial',
  bookCall: 'Book a migration call',
  stepsTitle: 'Four steps',
  steps: [
    { title: 'Export from your current tool', when: 'About 15 minutes', text: 'Download contacts, companies and deals as CSV files. Keep tags and custom fields: they come across too.' },
    { title: 'Import into Switchboard', when: 'About 15 minutes', text: 'Upload the files; Switchboard maps the columns, normalises phone numbers and offers to merge duplicates.' },
    {
      title: 'Rebuild your automations',
      when: 'A few hours',
      text: 'Recreate your workflows in the automation builder, with triggers, conditions, waits and SMS or e-mail steps, or ask our team to help on a screen-share.',
    },
    { title: 'Switch over', when: 'When you are ready', text: 'Point your forms to Switchboard, connect your inbox and numbers, and turn the old tool off.' },
  ],
  sourcesTitle: 'Where teams come from',
  sourcesIntro: 'Columns are matched from the CSV’s headers, whichever tool exported it, for example:',
  sources: ['HubSpot', 'ActiveCampaign', 'HighLevel', 'Salesforce', 'Pipedrive', 'Mailchimp', 'Keap', 'Zoho CRM', 'Monday Sales CRM', 'Spreadsheets'],
  questionsTitle: 'Migration questions',
  questions: [
    {
      question: 'Will my contacts’ history come across?',
      answer: 'Contacts, companies, deals, tags, notes and custom fields import from CSV. E-mail history stays in your inbox and syncs once you connect it.',
    },
    {
      question: 'What about duplicates?',
      answer: 'The import matches contacts by e-mail and phone, and lists likely duplicates so you can merge them with one click, keeping every field you choose.',
    },
    { question: 'Do I need to stop using my old tool during the move?', answer: 'No. Run both in parallel during your 14-day trial, then switch your forms and links over when you are ready.' },
    { question: 'Is the migration help really free?', answer: 'Yes. Every plan includes a guided migration with our onboarding team; there is no setup fee.' },
  ],
  ctaTitle: 'Start your move today',
  ctaText: 'Import a first CSV in your free trial and see your pipeline in Switchboard within the hour.',
  compare: 'Compare with your tool',
};

export type MigrationTexts = typeof en;
export const MIGRATION_TEXTS = pageTexts(en, { fr: () => import('./fr/migration'), ar: () => import('./ar/migration') });
