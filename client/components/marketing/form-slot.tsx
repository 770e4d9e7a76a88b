import { MailIcon } from 'lucide-react';
import { buttonClasses } from '../ui/button';
import { SUPPORT } from '../../content/support';

/**
 * Where a lead-capture form of spec §2/§7 belongs (form id, variant and tags as the spec gives them).
 * The lead-form components come from client/components/lead-forms; until a page renders one here,
 * the visitor gets the working ways to reach us: the demo booking page and the sales e-mail.
 */
export function LeadFormSlot({
  formId,
  variant,
  tags,
  title,
  text,
}: {
  formId: string;
  variant: 'hero' | 'enterprise' | 'demo' | 'sidebar' | 'footer' | 'popup' | 'default';
  tags: string[];
  title: string;
  text: string;
}) {
  return (
    <div
      data-form-id={formId}
      data-form-variant={variant}
      data-form-tags={tags.join(' ')}
      className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-6 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{title}</h3>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{text}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <a href="/book-demo" className={buttonClasses()}>
          Book a demo
        </a>
        <a href={`mailto:${SUPPORT.salesEmail}`} className={buttonClasses({ variant: 'outline' })}>
          <MailIcon className="size-4" aria-hidden />
          {SUPPORT.salesEmail}
        </a>
      </div>
    </div>
  );
}
