import { createFileRoute } from '@tanstack/react-router';
import { CtaBand } from '../components/marketing/cta-band';
import { FaqAccordion } from '../components/marketing/faq-accordion';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { Steps } from '../components/marketing/steps';
import { PublicLayout } from '../components/public-layout';

export const Route = createFileRoute('/migration-guide')({
  staticData: {
    title: 'Migration Guide',
    description: 'Move to Switchboard from HubSpot, ActiveCampaign, HighLevel or 50+ other platforms: export, import, rebuild automations and go live in 24–48 hours.',
  },
  component: MigrationGuide,
});

const STEPS = [
  { title: 'Export from your current tool', when: 'About 15 minutes', text: 'Download contacts, companies and deals as CSV files. Keep tags and custom fields: they come across too.' },
  { title: 'Import into Switchboard', when: 'About 15 minutes', text: 'Upload the files; Switchboard maps the columns, normalises phone numbers and offers to merge duplicates.' },
  { title: 'Rebuild your automations', when: 'A few hours', text: 'Start from 50+ templates or ask our team to rebuild your top workflows with you on a screen-share.' },
  { title: 'Switch over', when: 'Operational in 24–48 hours', text: 'Point your forms and booking links to Switchboard, connect your inbox and numbers, and turn the old tool off.' },
];

const SOURCES = ['HubSpot', 'ActiveCampaign', 'HighLevel', 'Salesforce', 'Pipedrive', 'Mailchimp', 'Keap', 'Zoho CRM', 'Monday Sales CRM', 'Spreadsheets'];

const QUESTIONS = [
  { question: 'Will my contacts’ history come across?', answer: 'Contacts, companies, deals, tags, notes and custom fields import from CSV. E-mail history stays in your inbox and syncs once you connect it.' },
  { question: 'What about duplicates?', answer: 'The import matches contacts by e-mail and phone, and lists likely duplicates so you can merge them with one click, keeping every field you choose.' },
  { question: 'Do I need to stop using my old tool during the move?', answer: 'No. Run both in parallel during your 14-day trial, then switch your forms and links over when you are ready.' },
  { question: 'Is the migration help really free?', answer: 'Yes. Every plan includes a guided migration with our onboarding team; there is no setup fee.' },
];

function MigrationGuide() {
  return (
    <PublicLayout>
      <Hero
        eyebrow="Migration guide"
        title="Move to Switchboard in a day"
        lead="Onboarding takes about 15 minutes and most teams are fully operational within 24–48 hours. We import from 50+ platforms, and our team helps for free."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'Book a migration call', variant: 'outline', href: '/book-demo' },
        ]}
      />
      <Section title="Four steps">
        <Steps items={STEPS} />
      </Section>
      <Section title="Where teams come from" intro="Ready-made column mappings for 50+ platforms, including:" tone="muted">
        <ul className="flex flex-wrap gap-2">
          {SOURCES.map((s) => (
            <li key={s} className="rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200">
              {s}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Migration questions" width="narrow">
        <FaqAccordion items={QUESTIONS} />
      </Section>
      <CtaBand
        title="Start your move today"
        text="Import a first CSV in your free trial and see your pipeline in Switchboard within the hour."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'Compare with your tool', to: '/vs-hubspot' },
        ]}
      />
    </PublicLayout>
  );
}
