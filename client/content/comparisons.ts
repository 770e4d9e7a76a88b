import { pageTexts } from '../i18n';

/**
 * Switchboard against other vendors. Competitor cells describe their typical published plans and
 * onboarding; the note under each table says so, and the pages link to the vendors' own pricing.
 * Cells are text, or true/false (shown as a mark with a spoken Yes/No).
 */
const en = {
  note: 'Competitor figures are typical list prices and onboarding times published by each vendor; plans change, so check their sites for current terms.',
  /** Features page (spec §2.4): setup time, ease of use, AI features, cost, lead capture. */
  features: {
    caption: 'Switchboard compared with HubSpot and ActiveCampaign',
    columns: ['Switchboard', 'HubSpot', 'ActiveCampaign'],
    rows: [
      { label: 'Setup time', cells: ['2 hours', '2–6 weeks with onboarding', '1–2 weeks'] },
      { label: 'Ease of use', cells: ['One screen per job, no consultants needed', 'Powerful, many hubs to learn', 'Approachable for e-mail, harder for sales'] },
      { label: 'AI features', cells: ['Planned, not built yet', 'On higher tiers', 'Predictive sending on higher tiers'] },
      { label: 'Cost for a 10-person team', cells: ['From $97 per month, unlimited users on Unlimited', 'Per-seat pricing, rising steeply with contacts', 'Priced by contacts'] },
      { label: 'Lead capture', cells: ['Leads from forms and chat land on the pipeline at once', 'Baseline', 'Baseline'] },
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
    freeMigration: 'Every plan includes a free guided migration: we import your data with you and check it.',
    ctaTitle: (name: string) => `Try Switchboard alongside ${name}`,
    ctaText: 'Run both for two weeks and keep the one your team prefers. No credit card needed.',
    bookDemo: 'Book a Demo',
  },
  competitors: {
    hubspot: {
      title: 'Switchboard vs HubSpot',
      lead: 'HubSpot is a fine suite for large marketing teams. If you want CRM, SMS, e-mail and appointments working this week, without paying per seat, Switchboard gets you there in 2 hours.',
      rows: [
        { label: 'Setup time', cells: ['2 hours', '2–6 weeks with onboarding'] },
        { label: 'Visual automation builder', cells: ['Included (voice and AI steps planned)', 'Professional tier and above'] },
        { label: 'SMS built in', cells: [true, 'Through third-party apps'] },
        { label: 'Appointments and team calendar', cells: [true, true] },
        { label: 'AI lead scoring', cells: ['Planned, not built yet', 'Enterprise tier'] },
        { label: 'Signed BAA (HIPAA)', cells: [false, false] },
        { label: 'Self-hosting option', cells: [true, false] },
        { label: 'Pricing model', cells: ['Flat monthly plans from $97', 'Per seat, per hub'] },
      ],
      reasons: [
        { title: 'Everything in one plan', text: 'CRM, SMS, e-mail, appointments and reports come together, not as separate hubs bought one by one.' },
        { title: 'No onboarding fee', text: 'There is no setup fee and no mandatory onboarding package; most teams are live the same day.' },
        { title: 'Your data stays yours', text: 'Switchboard is open source: export everything at any time, or run it on your own servers.' },
      ],
      switching: 'Export your contacts, companies and deals from HubSpot as CSV; Switchboard maps the columns, keeps your pipeline stages and merges duplicates.',
    },
    activecampaign: {
      title: 'Switchboard vs ActiveCampaign',
      lead: 'ActiveCampaign grew up as an e-mail tool. Switchboard starts from the customer: pipeline, texts, chat, appointments and e-mail on one timeline, priced by plan rather than by list size.',
      rows: [
        { label: 'Setup time', cells: ['2 hours', '1–2 weeks'] },
        { label: 'Full sales pipeline', cells: [true, 'Plus tier and above'] },
        { label: 'SMS', cells: ['Built in: one-to-one and bulk sends', 'Add-on, US and Canada'] },
        { label: 'Appointments and team calendar', cells: [true, 'Through integrations'] },
        { label: 'Voice commands and calls', cells: ['Voice commands built; calls planned, not built yet', false] },
        { label: 'Signed BAA (HIPAA)', cells: [false, 'Enterprise only'] },
        { label: 'Pricing model', cells: ['Flat monthly plans from $97', 'Rises with contact count'] },
      ],
      reasons: [
        { title: 'Sales and marketing together', text: 'Your reps see every e-mail, text and chat with a lead on the same page as the lead’s deals.' },
        { title: 'Texts included', text: 'SMS is a channel like e-mail and the website chat, in the same inbox, without add-ons.' },
        { title: 'Grow your list freely', text: 'Unlimited contacts on Unlimited and SaaS Pro: a bigger list never means a bigger bill.' },
      ],
      switching: 'Export your contacts and tags from ActiveCampaign as CSV; Switchboard imports them with their tags and merges duplicates.',
    },
    highlevel: {
      title: 'Switchboard vs HighLevel',
      lead: 'HighLevel popularised the agency all-in-one. Switchboard keeps the client workspaces, adds an open-source core you can run on your own servers, and has white label planned, not built yet.',
      rows: [
        { label: 'Setup time', cells: ['2 hours', 'Days to weeks, snapshots help'] },
        { label: 'Client workspaces (white label planned)', cells: [true, true] },
        { label: 'Signed BAA (HIPAA)', cells: [false, 'Paid add-on'] },
        { label: 'Open source, self-hostable', cells: [true, false] },
        { label: 'AI lead scoring', cells: ['Planned, not built yet', 'Paid AI add-ons'] },
        { label: 'Support', cells: ['Community, on GitHub', '24/7 live chat'] },
        { label: 'Pricing model', cells: ['Flat plans from $97, no add-ons', 'Flat plans plus usage add-ons'] },
      ],
      reasons: [
        { title: 'Fewer add-ons', text: 'Roles, the audit log and the REST API are part of the plan, so your margin on resale stays predictable.' },
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
