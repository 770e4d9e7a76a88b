import { FORMS_TEXTS } from '../../content/forms';
import { useT } from '../../i18n';
import { LeadForm } from './lead-form';

/** The case studies page's lead form (spec §2.9): enterprise variant, form id case-study-cta, tags case-study and enterprise-demo. */
export function CaseStudyForm({ className }: { className?: string }) {
  const { text } = useT(FORMS_TEXTS);
  return <LeadForm variant="enterprise" formId="case-study-cta" tags={['case-study', 'enterprise-demo']} submitLabel={text.customDemo} className={className} />;
}
