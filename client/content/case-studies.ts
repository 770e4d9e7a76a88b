/** Case studies (spec public-site §2.9): company, industry, challenge, solution, metrics, testimonial, implementation, features. */
export type CaseStudy = {
  company: string;
  industry: string;
  challenge: string;
  solution: string;
  metrics: { value: string; label: string }[];
  testimonial: { quote: string; name: string; role: string };
  implementation: string;
  features: string[];
};

export const CASE_STUDIES: CaseStudy[] = [
  {
    company: 'Bright Smiles Family Dentistry',
    industry: 'Healthcare · dental',
    challenge: 'Four locations tracked recalls in spreadsheets; a third of patients never came back for their six-month visit.',
    solution: 'Automated recall sequences by text and e-mail, online booking on each location’s calendar, and review requests after every visit.',
    metrics: [
      { value: '+41%', label: 'recall bookings' },
      { value: '−32%', label: 'no-shows' },
      { value: '240', label: 'new Google reviews' },
    ],
    testimonial: { quote: 'The hygiene columns are full and the front desk finally has time for the patients in front of them.', name: 'Dr. Sarah Patel', role: 'Owner' },
    implementation: 'Live in 24 hours; four locations migrated in one week.',
    features: ['Recall automations', 'Online booking', 'Review requests', 'HIPAA messaging'],
  },
  {
    company: 'Meridian Financial Advisors',
    industry: 'Financial Services',
    challenge: 'Leads from seminars and the website waited days for a call; advisers had no shared view of the pipeline.',
    solution: 'Instant lead replies, AI lead scoring to route the best prospects to senior advisers, and one pipeline for the whole firm.',
    metrics: [
      { value: '3.1×', label: 'more first meetings' },
      { value: '58%', label: 'faster follow-up' },
      { value: '$2.4M', label: 'new assets in 6 months' },
    ],
    testimonial: { quote: 'We answer every enquiry in minutes now, and the scoring tells us who to call first.', name: 'Laura Bennett', role: 'Managing Partner' },
    implementation: 'Set up in 2 hours; compliance review and go-live within one week.',
    features: ['AI lead scoring', 'Pipeline', 'Audit log', 'Appointment booking'],
  },
  {
    company: 'Northlight Digital',
    industry: 'Technology · marketing agency',
    challenge: 'Twenty clients, each in a different tool; onboarding a new client took two weeks of set-up.',
    solution: 'A white-labelled workspace per client built from one template, shared automations and weekly branded reports.',
    metrics: [
      { value: '1 day', label: 'client onboarding' },
      { value: '+35%', label: 'average retainer' },
      { value: '4 → 1', label: 'tools replaced' },
    ],
    testimonial: { quote: 'Copy the workspace template, import the list, done. Our clients think we grew a whole department.', name: 'Marcus Chen', role: 'Managing Director' },
    implementation: 'First client workspace in 2 hours; all twenty migrated in a month.',
    features: ['White label', 'Client workspaces', 'Reusable automations', 'Scheduled reports'],
  },
  {
    company: 'Atlas Precision Manufacturing',
    industry: 'Manufacturing',
    challenge: 'Quote requests arrived by e-mail, phone and trade-show scans, and too many went cold before a quote was sent.',
    solution: 'Every request becomes a deal automatically, with follow-up tasks, quote reminders and a weekly pipeline review.',
    metrics: [
      { value: '+27%', label: 'quote-to-order rate' },
      { value: '9 days', label: 'shorter sales cycle' },
      { value: '100%', label: 'requests answered' },
    ],
    testimonial: { quote: 'Nothing falls through the cracks any more. Every quote request has an owner and a next step.', name: 'Tom Alvarez', role: 'Sales Director' },
    implementation: 'Live in 48 hours, including import of 12,000 contacts from the ERP.',
    features: ['Pipeline', 'Tasks', 'E-mail integration', 'CSV import'],
  },
];

export const INDUSTRY_PERFORMANCE = [
  { industry: 'Healthcare', metric: '+38%', label: 'appointments booked' },
  { industry: 'Financial Services', metric: '3.1×', label: 'first meetings' },
  { industry: 'Technology', metric: '+44%', label: 'trial-to-paid conversion' },
  { industry: 'Manufacturing', metric: '+27%', label: 'quote-to-order rate' },
  { industry: 'Energy & Utilities', metric: '−22%', label: 'cost per acquisition' },
  { industry: 'Government', metric: '99.9%', label: 'uptime for citizen services' },
];
