import { FORMS_TEXTS } from '../../content/forms';
import { useT } from '../../i18n';
import { LeadForm } from './lead-form';

/** The footer newsletter form (spec §2.9): form id footer-newsletter, tags newsletter and footer, placeholder 'Business email'. */
export function NewsletterForm({ className }: { className?: string }) {
  const { text } = useT(FORMS_TEXTS);
  return <LeadForm variant="footer" formId="footer-newsletter" tags={['newsletter', 'footer']} emailPlaceholder={text.businessEmail} submitLabel={text.subscribe} className={className} />;
}
