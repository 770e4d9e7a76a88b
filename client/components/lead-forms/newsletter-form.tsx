import { LeadForm } from './lead-form';

/** The footer newsletter form (spec §2.9): form id footer-newsletter, tags newsletter and footer. */
export function NewsletterForm({ className }: { className?: string }) {
  return <LeadForm variant="footer" formId="footer-newsletter" tags={['newsletter', 'footer']} emailPlaceholder="Business email" submitLabel="Subscribe" className={className} />;
}
