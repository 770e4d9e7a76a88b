import { createFileRoute } from '@tanstack/react-router';
import { ContactDetails } from '../components/marketing/contact-details';
import { FormPanel } from '../components/marketing/form-panel';
import { LeadForm } from '../components/lead-forms/lead-form';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { PublicLayout } from '../components/public-layout';
import { SUPPORT } from '../content/support';

export const Route = createFileRoute('/contact')({
  staticData: {
    title: 'Contact Us',
    description: 'Reach the Switchboard team: live chat in under 2 minutes, e-mail within 4 hours, phone and video Monday to Saturday.',
  },
  component: ContactPage,
});

function ContactPage() {
  return (
    <PublicLayout>
      <Hero
        eyebrow="Contact"
        title="Talk to a person, quickly"
        lead="Live chat answers in under 2 minutes, e-mail within 4 hours, and our phone and video team is in from Monday to Saturday."
        actions={[{ label: `E-mail ${SUPPORT.supportEmail}`, href: `mailto:${SUPPORT.supportEmail}` }]}
      />
      <Section title="Ways to reach us">
        <ContactDetails />
      </Section>
      <Section title="Send us a message" tone="muted" width="narrow">
        <FormPanel title="Questions about plans, migration or a partnership?" text={`Sales questions go to ${SUPPORT.salesEmail}; partnerships to ${SUPPORT.partnersEmail}. We reply within 2 business hours.`}>
          <LeadForm variant="default" formId="contact" tags={['contact']} submitLabel="Send message" />
        </FormPanel>
      </Section>
    </PublicLayout>
  );
}
