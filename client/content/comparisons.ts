import { pageTexts } from '../i18n';

/**
 * Switchboard against other vendors. Competitor cells describe their typical published plans and
 * onboarding; the note under each table says so, and the pages link to the vendors' own pricing.
 * Cells are text, or true/false (shown as a mark with a spoken Yes/No).
 */
const en = {
  note: 'Competitor figures are typical list prices and onboarding times published by each vendor; plans change, so check their sites for current terms.',
  /** Features page (spec §2.4): setup time, ease of use, AI automation, cost, lead automation effectiveness. */
  features: {
    caption: 'Switchboard compared with HubSpot and ActiveCampaign',
    columns: ['Switchboard', 'HubSpot', 'ActiveCampaign'],
    rows: [
      { label: 'Setup time', cells: ['2 hours', '2–6 weeks with onboarding', '1–2 weeks'] },
      { label: 'Ease of use', cells: ['One screen per job, no consultants needed', 'Powerful, many hubs to learn', 'Approachable for e-mail, harder for sales'] },
      { label: 'AI automation', cells: ['Planned, not built yet', 'On higher tiers', 'Predictive sending on higher tiers'] },
      { label: 'Cost for a 10-person team', cells: ['From $97 per month, unlimited users on Unlimited', 'Per-seat pricing, rising steeply with contacts', 'Priced by contacts'] },
      { label: 'Lead automation effectiveness', cells: ['Leads from forms and chat land on the pipeline at once', 'Baseline', 'Baseline'] },
    ],
  },
  /** The shared layout of the /vs-* pages. */
  competitorPage: {
    eyebrow: 'Compare',
    startTrial: 'Start Free Trial',
    migrationGuide: 'Read the migration guide',
    tableTitle: 'Feature by feature',
    whyMove: (name: string) => `Why teams move from ${name}`,
    switchingTitle: 'Switching takes a day',
    freeMigration: 'Every plan includes a free guided migration: we import your data with you, check it, and rebuild your most important automations.',
    ctaTitle: (name: string) => `Try Switchboard alongside ${name}`,
    ctaText: 'Run both for two weeks and keep the one your team prefers. No credit card needed.',
    bookDemo: 'Book a Demo',
  },
  competitors: {
    hubspot: {
      title: 'Switchboard vs HubSpot',
      lead: 'HubSpot is a fine suite for large marketing teams. If you want CRM, automation, SMS and booking working this week, without paying per seat, Switchboard gets you there in 2 hours.',
      rows: [
        { label: 'Setup time', cells: ['2 hours', '2–6 weeks with onboarding'] },
        { label: 'Visual automation builder', cells: [true, 'Professional tier and above'] },
        { label: 'SMS campaigns built in', cells: [true, 'Through third-party apps'] },
        { label: 'Appointment booking', cells: [true, true] },
        { label: 'AI lead scoring', cells: ['Planned, not built yet', 'Enterprise tier'] },
        { label: 'HIPAA with a signed BAA', cells: [true, false] },
        { label: 'Self-hosting option', cells: [true, false] },
        { label: 'Pricing model', cells: ['Flat monthly plans from $97', 'Per seat, per hub'] },
      ],
      reasons: [
        { title: 'Everything in one plan', text: 'CRM, automation, SMS, booking and reports come together, not as separate hubs bought one by one.' },
        { title: 'No onboarding fee', text: 'There is no setup fee and no mandatory onboarding package; most teams are live the same day.' },
        { title: 'Your data stays yours', text: 'Switchboard is open source: export everything at any time, or run it on your own servers.' },
      ],
      switching: 'Export your contacts, companies and deals from HubSpot as CSV; Switchboard maps the columns, keeps your pipeline stages and merges duplicates.',
    },
    activecampaign: {
      title: 'Switchboard vs ActiveCampaign',
      lead: 'ActiveCampaign grew up as an e-mail tool. Switchboard starts from the customer: pipeline, calls, texts, appointments and e-mail on one timeline, priced by plan rather than by list size.',
      rows: [
        { label: 'Setup time', cells: ['2 hours', '1–2 weeks'] },
        { label: 'Full sales pipeline', cells: [true, 'Plus tier and above'] },
        { label: 'SMS campaigns', cells: ['Built in', 'Add-on, US and Canada'] },
        { label: 'Appointment booking', cells: [true, 'Through integrations'] },
        { label: 'Voice commands and calls', cells: [true, false] },
        { label: 'HIPAA with a signed BAA', cells: [true, 'Enterprise only'] },
        { label: 'Pricing model', cells: ['Flat monthly plans from $97', 'Rises with contact count'] },
      ],
      reasons: [
        { title: 'Sales and marketing together', text: 'Your reps see which e-mails a lead opened; your campaigns know which deals are open.' },
        { title: 'Texts and calls included', text: 'SMS and voice are channels like e-mail, in the same automations, without add-ons.' },
        { title: 'Grow your list freely', text: 'Unlimited contacts on Unlimited and SaaS Pro: a bigger list never means a bigger bill.' },
      ],
      switching: 'Export lists and tags from ActiveCampaign; our team rebuilds your top automations with you on a screen-share during the free migration.',
    },
    highlevel: {
      title: 'Switchboard vs HighLevel',
      lead: 'HighLevel popularised the agency all-in-one. Switchboard keeps the white label and client workspaces, and adds HIPAA with a signed BAA, an open-source core and 24/7 live chat.',
      rows: [
        { label: 'Setup time', cells: ['2 hours', 'Days to weeks, snapshots help'] },
        { label: 'White label and client workspaces', cells: [true, true] },
        { label: 'HIPAA with a signed BAA', cells: ['Included on the top plan', 'Paid add-on'] },
        { label: 'Open source, self-hostable', cells: [true, false] },
        { label: 'AI lead scoring', cells: ['Planned, not built yet', 'Paid AI add-ons'] },
        { label: '24/7 live chat support', cells: [true, true] },
        { label: 'Pricing model', cells: ['Flat plans from $97, no add-ons', 'Flat plans plus usage add-ons'] },
      ],
      reasons: [
        { title: 'Fewer add-ons', text: 'AI, HIPAA and white label are part of the plan, so your margin on resale stays predictable.' },
        { title: 'A cleaner interface for clients', text: 'Clients get a workspace they can find their way around without a training video.' },
        { title: 'No lock-in', text: 'The core is open source: you can always take your data and your clients with you.' },
      ],
      switching: 'Export each sub-account’s contacts and opportunities; each becomes a Switchboard client workspace with its pipeline stages intact.',
    },
  },
};

export type ComparisonTexts = typeof en;
export const COMPARISON_TEXTS = pageTexts(en, { fr: () => import('./fr/comparisons'), ar: () => import('./ar/comparisons') });

export type CompetitorKey = keyof ComparisonTexts['competitors'];
/** The vendors' names, as they write them. */
export const COMPETITOR_NAMES: Record<CompetitorKey, string> = { hubspot: 'HubSpot', activecampaign: 'ActiveCampaign', highlevel: 'HighLevel' };
