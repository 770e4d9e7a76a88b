import { createFileRoute, Link } from '@tanstack/react-router';
import { CheckIcon } from 'lucide-react';
import { FormPanel } from '../../components/marketing/form-panel';
import { CaseStudyForm } from '../../components/lead-forms/case-study-form';
import { NewsletterForm } from '../../components/lead-forms/newsletter-form';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { StatsBand } from '../../components/marketing/stats-band';
import { PublicLayout } from '../../components/public-layout';
import { CASE_STUDY_TEXTS } from '../../content/case-studies';
import { headlineStats, PRODUCT_TEXTS } from '../../content/product';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/case-studies')({
  staticData: {
    title: 'Case Studies',
    description: 'How dental practices, financial advisers, agencies and manufacturers grew with Switchboard: the challenge, the solution and the numbers.',
  },
  component: CaseStudiesPage,
});

/** Spec §2.9's links. */
const PAGE_LINKS = [
  ['/', 'home'],
  ['/features', 'features'],
  ['/pricing', 'pricing'],
  ['/case-studies', 'caseStudies'],
] as const;

function CaseStudiesPage() {
  const {
    t,
    texts: [text, product],
  } = useT(CASE_STUDY_TEXTS, PRODUCT_TEXTS);
  return (
    <PublicLayout>
      <nav aria-label={text.navLabel} className="border-b border-gray-100 dark:border-gray-900">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm font-medium sm:px-6 lg:px-8">
          {PAGE_LINKS.map(([to, key]) => (
            <li key={to}>
              <Link
                to={to}
                className="text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
                activeOptions={{ exact: true }}
                activeProps={{ className: 'text-indigo-700 dark:text-indigo-300' }}
              >
                {text.pageLinks[key]}
              </Link>
            </li>
          ))}
          <li className="ms-auto">
            <a href="/book-demo" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
              {text.getDemo}
            </a>
          </li>
        </ul>
      </nav>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.getDemo, href: '/book-demo' },
          { label: text.signIn, variant: 'outline', href: '/login' },
        ]}
      />
      <Section title={text.storiesTitle}>
        <ul className="grid gap-6 lg:grid-cols-2">
          {text.studies.map((c) => (
            <li key={c.company}>
              <article className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
                <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">{c.industry}</p>
                <h3 className="mt-1 text-xl font-semibold text-gray-900 dark:text-white">{c.company}</h3>
                <dl className="mt-4 grid gap-3 text-sm">
                  <div>
                    <dt className="font-semibold text-gray-900 dark:text-white">{text.challenge}</dt>
                    <dd className="text-gray-700 dark:text-gray-300">{c.challenge}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-gray-900 dark:text-white">{text.solution}</dt>
                    <dd className="text-gray-700 dark:text-gray-300">{c.solution}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-gray-900 dark:text-white">{text.implementation}</dt>
                    <dd className="text-gray-700 dark:text-gray-300">{c.implementation}</dd>
                  </div>
                </dl>
                <figure className="mt-4 flex-1 border-s-4 border-indigo-200 ps-4 dark:border-indigo-800">
                  <blockquote className="text-gray-800 dark:text-gray-200">{t('marketing.quote', { text: c.testimonial.quote })}</blockquote>
                  <figcaption className="mt-2 text-sm text-gray-600 dark:text-gray-300">{t('marketing.byline', { first: c.testimonial.name, second: c.testimonial.role })}</figcaption>
                </figure>
                <ul aria-label={text.featuresUsed} className="mt-4 flex flex-wrap gap-2">
                  {c.features.map((f) => (
                    <li key={f} className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-200">
                      <CheckIcon className="size-3" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={text.performanceTitle} tone="muted">
        <StatsBand label={text.acrossCustomers} stats={headlineStats(product)} />
      </Section>
      <Section title={text.storyTitle} width="narrow">
        <FormPanel title={text.storyPanelTitle} text={text.storyPanelText}>
          <CaseStudyForm />
        </FormPanel>
      </Section>
      <Section title={text.newsletterTitle} tone="muted" width="narrow">
        <FormPanel title={text.newsletterPanelTitle} text={text.newsletterPanelText}>
          <NewsletterForm />
        </FormPanel>
      </Section>
    </PublicLayout>
  );
}
