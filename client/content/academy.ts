/** Academy content (spec app-core §2.9: both variants' tabs on one page). */

export const LEARNING_PATHS = [
  { title: 'Sales teams', text: 'Pipeline, lead scoring and follow-up habits that close more deals.', courses: 5, hours: 4 },
  { title: 'Marketers', text: 'Segments, campaigns, funnels and automations that turn visitors into leads.', courses: 6, hours: 5 },
  { title: 'Practice owners', text: 'Booking, reminders, reviews and HIPAA for dental, med spa and clinics.', courses: 4, hours: 3 },
  { title: 'Agency operators', text: 'Client workspaces, white label, snapshots and reporting for clients.', courses: 5, hours: 4.5 },
];

export const QUICKSTART = [
  { title: 'Create your workspace', text: 'Sign up, set your time zone and invite one colleague.', minutes: 5 },
  { title: 'Import contacts', text: 'Upload a CSV and merge duplicates.', minutes: 5 },
  { title: 'Turn on a template', text: 'Switch on the new-lead follow-up automation.', minutes: 3 },
  { title: 'Check the dashboard', text: 'See your first figures and the next steps it suggests.', minutes: 2 },
];

export const CERTIFICATIONS = [
  { title: 'Switchboard Certified User', text: 'Contacts, pipeline, campaigns and reports. Exam: 30 questions, 45 minutes.', requirement: 'Complete the training course' },
  { title: 'Automation Specialist', text: 'Triggers, conditions, scoring and multi-channel sequences. Exam plus a practical build.', requirement: 'Certified User' },
  { title: 'Agency Partner', text: 'Client workspaces, white label, rebilling and client reporting.', requirement: 'Certified User and one live client workspace' },
];

export const TEMPLATES = [
  { title: 'Lead Nurturing Sequence', text: 'Welcome e-mail, SMS check-in and a task for the rep when the lead engages.', steps: 8 },
  { title: 'Appointment Booking Flow', text: 'Confirmation, reminders 24 hours and 1 hour before, and a no-show follow-up.', steps: 12 },
  { title: 'Review Request', text: 'A thank-you text with a review link after each completed appointment.', steps: 4 },
  { title: 'Win-back Campaign', text: 'Three messages over three weeks to customers who have gone quiet.', steps: 6 },
];

export const RESOURCES = [
  { title: 'Written tutorials', text: 'Step-by-step guides for every part of the product.', to: '/tutorials' as const },
  { title: 'Help centre', text: 'Videos, answers to common questions and live support.', to: '/help' as const },
  { title: 'Migration guide', text: 'Move from another CRM in a day.', to: '/migration-guide' as const },
  { title: 'Integrations', text: 'Connect calendars, payments, e-mail and more.', to: '/integrations' as const },
];
