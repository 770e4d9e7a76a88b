import { createFileRoute } from '@tanstack/react-router';
import { ContactDetails } from '../../components/marketing/contact-details';
import { FormPanel } from '../../components/marketing/form-panel';
import { LeadForm } from '../../components/lead-forms/lead-form';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { PublicLayout } from '../../components/public-layout';
import { CONTACT_TEXTS } from '../../content/contact';
import { SUPPORT } from '../../content/support';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/contact')({
  staticData: {
    title: 'Contact Us',
    description: 'Reach the Switchboard team: live chat in under 2 minutes, e-mail within 4 hours, calls and screen shares booked Monday to Saturday.',
  },
  component: ContactPage,
});

function ContactPage() {
  const {
    text: { contact: text },
  } = useT(CONTACT_TEXTS);
  return (
    <PublicLayout>
      <Hero eyebrow={text.eyebrow} title={text.title} lead={text.lead} actions={[{ label: text.emailUs(SUPPORT.supportEmail), href: `mailto:${SUPPORT.supportEmail}` }]} />
      <Section title={text.waysTitle}>
        <ContactDetails />
      </Section>
      <Section title={text.messageTitle} tone="muted" width="narrow">
        <FormPanel title={text.panelTitle} text={text.panelText(SUPPORT.salesEmail, SUPPORT.partnersEmail)}>
          <LeadForm variant="default" formId="contact" tags={['contact']} submitLabel={text.send} />
        </FormPanel>
      </Section>
    </PublicLayout>
  );
}
