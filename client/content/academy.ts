import { pageTexts } from '../i18n';

/** Academy content (spec app-core §2.9: both variants' tabs on one page). Counts here; texts below, item by item. */

export const LEARNING_PATHS = [
  { courses: 5, hours: 4 },
  { courses: 6, hours: 5 },
  { courses: 4, hours: 3 },
  { courses: 5, hours: 4.5 },
];
export const QUICKSTART_MINUTES = [5, 5, 3, 2];
export const TEMPLATE_STEPS = [8, 12, 4, 6];
export const RESOURCE_LINKS = ['/tutorials', '/help', '/migration-guide', '/integrations'] as const;

const en = {
  eyebrow: 'Academy',
  title: 'Learn Switchboard at your own pace',
  lead: 'Learning paths for your role, a 15-minute quick start, the full training course and certifications that prove what you know.',
  startCourse: 'Start the training course',
  browse: 'Browse the Academy',
  sectionsLabel: 'Academy sections',
  tabs: { paths: 'Learning paths', quickstart: 'Quick start', tutorials: 'Tutorials', certification: 'Certifications', templates: 'Templates', resources: 'Resources' },
  paths: [
    { title: 'Sales teams', text: 'Pipeline, tasks and follow-up habits that close more deals.' },
    { title: 'Marketers', text: 'Tags, saved views, lead-capture forms and the website chat that turn visitors into leads.' },
    { title: 'Practice owners', text: 'Appointments, the team calendar, patient messaging and HIPAA for dental, med spa and clinics.' },
    { title: 'Agency operators', text: 'Client workspaces, shared pipelines, templates and reporting for clients.' },
  ],
  courses: (count: number) => `${count} courses`,
  hours: (count: string) => `${count} hours`,
  quickstartTitle: 'Up and running in 15 minutes',
  quickstart: [
    { title: 'Create your workspace', text: 'Sign up, set your time zone and invite one colleague.' },
    { title: 'Import contacts', text: 'Upload a CSV and merge duplicates.' },
    { title: 'Write a template', text: 'Save an SMS template for replying to new leads.' },
    { title: 'Check the dashboard', text: 'See your first figures and the next steps it suggests.' },
  ],
  minutes: (count: number) => `${count} min`,
  allTutorials: 'All tutorials',
  certifications: [
    { title: 'Switchboard Certified User', text: 'Contacts, pipeline, inbox and reports. Exam: 30 questions, 45 minutes.', requirement: 'Requires: Complete the training course' },
    {
      title: 'Automation Specialist (planned)',
      text: 'Planned, not built yet: a certification on the automation builder’s triggers, conditions, waits and steps. Exam plus a practical build.',
      requirement: 'Requires: Certified User',
    },
    { title: 'Agency Partner', text: 'Client workspaces, templates and client reporting.', requirement: 'Requires: Certified User and one live client workspace' },
  ],
  templates: [
    { title: 'New-lead follow-up (planned)', text: 'Welcome e-mail, SMS check-in and a task for the rep when the lead engages.' },
    { title: 'Appointment reminders (planned)', text: 'Confirmation, reminders 24 hours and 1 hour before, and a no-show follow-up.' },
    { title: 'Review request (planned)', text: 'A thank-you text with a review link after each completed appointment.' },
    { title: 'Win-back messages (planned)', text: 'Three messages over three weeks to customers who have gone quiet.' },
  ],
  steps: (count: number) => `${count} steps`,
  resources: [
    { title: 'Written tutorials', text: 'Step-by-step guides for every part of the product.', action: 'Open written tutorials' },
    { title: 'Help centre', text: 'Videos, answers to common questions and live support.', action: 'Open help centre' },
    { title: 'Migration guide', text: 'Move from another CRM in a day.', action: 'Open migration guide' },
    { title: 'Integrations', text: 'Connect calendars, payments, e-mail and more.', action: 'Open integrations' },
  ],
};

export type AcademyTexts = typeof en;
export const ACADEMY_TEXTS = pageTexts(en, { fr: () => import('./fr/academy'), ar: () => import('./ar/academy') });
