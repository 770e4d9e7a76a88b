import { pageTexts } from '../i18n';

/** Case studies (spec public-site §2.9): company, industry, challenge, solution, metrics, testimonial, implementation, features. */
const en = {
  pageLinks: { home: 'Home', features: 'Features', pricing: 'Pricing', caseStudies: 'Case studies' },
  navLabel: 'Case studies',
  getDemo: 'Get Demo',
  signIn: 'Sign In',
  eyebrow: 'Case studies',
  title: 'Illustrative examples of how teams use Switchboard',
  lead: 'Invented practices, firms, agencies and manufacturers, to show how a team could use Switchboard to answer every lead and keep customers coming back. They are examples, not customers, and carry no measured results.',
  storiesTitle: 'Example stories (invented businesses)',
  challenge: 'Challenge',
  solution: 'Solution',
  implementation: 'Implementation',
  featuresUsed: 'Features used',
  performanceTitle: 'Switchboard in figures',
  acrossCustomers: 'What Switchboard has built in today',
  storyTitle: 'Write your own success story',
  storyPanelTitle: 'Talk to the team',
  storyPanelText: 'Tell us about your business and goals; an enterprise specialist will reply within 24 hours with a plan and a demo.',
  newsletterTitle: 'Get new case studies by e-mail',
  newsletterPanelTitle: 'One story a month, no spam',
  newsletterPanelText: 'Subscribe with your business email to receive the next case study and our best growth playbooks.',
  studies: [
    {
      company: 'Bright Smiles Family Dentistry',
      industry: 'Healthcare · dental',
      challenge: 'Four locations tracked recalls in spreadsheets; a third of patients never came back for their six-month visit.',
      solution: 'Recall lists kept as saved views, texts and e-mails to each patient from the CRM with templates, and every appointment on the team calendar.',
      testimonial: { quote: 'The hygiene columns are full and the front desk finally has time for the patients in front of them.', name: 'Dr. Sarah Patel', role: 'Owner' },
      implementation: 'Live in 24 hours; four locations migrated in one week.',
      features: ['Saved recall views', 'Team calendar', 'SMS templates', 'Patient messaging'],
    },
    {
      company: 'Meridian Financial Advisors',
      industry: 'Financial Services',
      challenge: 'Leads from seminars and the website waited days for a call; advisers had no shared view of the pipeline.',
      solution: 'Instant replies through the website chat and lead forms, tags that route the best prospects to senior advisers, and one pipeline for the whole firm.',
      testimonial: { quote: 'We answer every enquiry in minutes now, and the tags tell us who to call first.', name: 'Laura Bennett', role: 'Managing Partner' },
      implementation: 'Set up in 2 hours; compliance review and go-live within one week.',
      features: ['Lead-capture forms', 'Pipeline', 'Audit log', 'Appointments'],
    },
    {
      company: 'Northlight Digital',
      industry: 'Technology · marketing agency',
      challenge: 'Twenty clients, each in a different tool; onboarding a new client took two weeks of set-up.',
      solution: 'A workspace per client with the same pipeline stages and SMS templates, and weekly reports exported to CSV.',
      testimonial: { quote: 'Set up the pipeline, import the list, done. Our clients think we grew a whole department.', name: 'Marcus Chen', role: 'Managing Director' },
      implementation: 'First client workspace in 2 hours; all twenty migrated in a month.',
      features: ['Client workspaces', 'Pipelines', 'SMS templates', 'Reports and CSV export'],
    },
    {
      company: 'Atlas Precision Manufacturing',
      industry: 'Manufacturing',
      challenge: 'Quote requests arrived by e-mail, phone and trade-show scans, and too many went cold before a quote was sent.',
      solution: 'Every request becomes a deal automatically, with follow-up tasks, quote reminders and a weekly pipeline review.',
      testimonial: { quote: 'Nothing falls through the cracks any more. Every quote request has an owner and a next step.', name: 'Tom Alvarez', role: 'Sales Director' },
      implementation: 'Live in 48 hours, including import of 12,000 contacts from the ERP.',
      features: ['Pipeline', 'Tasks', 'E-mail integration', 'CSV import'],
    },
  ],
};

export type CaseStudyTexts = typeof en;
export const CASE_STUDY_TEXTS = pageTexts(en, { fr: () => import('./fr/case-studies'), ar: () => import('./ar/case-studies') });
