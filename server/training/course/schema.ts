/**
 * The training course's catalogue (spec app-core §2.9): 8 modules, only the first unlocked, with 6
 * lessons. Plain data without zod: the public /training-course page renders it, and the progress
 * endpoint's rule (server/training/schema.ts) accepts exactly the unlocked lessons' ids.
 */

export type TrainingLesson = { id: string; title: string; minutes: number; summary: string };
export type TrainingModule = {
  id: string;
  title: string;
  description: string;
  hours: number;
  unlocked: boolean;
  /** Lessons are listed for unlocked modules; locked ones show only their count. */
  lessons: TrainingLesson[];
  lessonCount: number;
  exercises: string[];
};

const MODULE_1_LESSONS: TrainingLesson[] = [
  { id: 'm1-welcome', title: 'Welcome and course overview', minutes: 6, summary: 'What the course covers, how it is organised and how to get the most from it.' },
  { id: 'm1-workspace', title: 'Creating your workspace', minutes: 10, summary: 'Organization settings, time zone, and how roles decide who sees what.' },
  { id: 'm1-contacts', title: 'Importing your first contacts', minutes: 12, summary: 'CSV import, column mapping, custom fields and merging duplicates.' },
  { id: 'm1-pipeline', title: 'Your pipeline in ten minutes', minutes: 10, summary: 'Stages, deals, values and the board view.' },
  { id: 'm1-team', title: 'Inviting your team', minutes: 8, summary: 'Invitations, roles and the first week’s habits that keep data clean.' },
  { id: 'm1-dashboard', title: 'Reading the dashboard', minutes: 9, summary: 'KPIs against the previous period, pipeline analysis and insights.' },
];

export const TRAINING_MODULES: TrainingModule[] = [
  {
    id: 'm1',
    title: 'Foundations',
    description: 'Set up your workspace, bring in your contacts and learn your way around.',
    hours: 1,
    unlocked: true,
    lessons: MODULE_1_LESSONS,
    lessonCount: MODULE_1_LESSONS.length,
    exercises: [
      'Import a CSV of at least 20 contacts and merge any duplicates it finds.',
      'Rename one pipeline stage to match your sales process and create three deals.',
      'Invite a colleague with the Sales Rep role and check what they can see.',
    ],
  },
  { id: 'm2', title: 'Pipeline Mastery', description: 'Forecasting, stalled deals and a weekly pipeline review.', hours: 1, unlocked: false, lessons: [], lessonCount: 6, exercises: [] },
  {
    id: 'm3',
    title: 'E-mail and SMS',
    description: 'One-to-one messages, templates, bulk SMS sends, quiet hours and opt-outs.',
    hours: 1.5,
    unlocked: false,
    lessons: [],
    lessonCount: 7,
    exercises: [],
  },
  {
    id: 'm4',
    title: 'Automations (being built)',
    description: 'Being built: triggers, conditions, waits and SMS or e-mail steps.',
    hours: 1,
    unlocked: false,
    lessons: [],
    lessonCount: 6,
    exercises: [],
  },
  {
    id: 'm5',
    title: 'Lead Scoring (planned)',
    description: 'Planned, not built yet: how scores are built, thresholds and routing leads to the right person.',
    hours: 0.75,
    unlocked: false,
    lessons: [],
    lessonCount: 5,
    exercises: [],
  },
  {
    id: 'm6',
    title: 'Appointments and the Team Calendar',
    description: 'Appointments, the team calendar, .ics files and follow-up tasks.',
    hours: 0.75,
    unlocked: false,
    lessons: [],
    lessonCount: 5,
    exercises: [],
  },
  { id: 'm7', title: 'Reports and Analytics', description: 'Revenue, conversion, sources and exporting for finance.', hours: 1, unlocked: false, lessons: [], lessonCount: 6, exercises: [] },
  { id: 'm8', title: 'Security and Compliance', description: 'Roles, audit log, API keys and HIPAA practice.', hours: 1.5, unlocked: false, lessons: [], lessonCount: 6, exercises: [] },
];

/** Lessons a learner can complete: those of unlocked modules. */
export const TRAINING_LESSON_IDS = TRAINING_MODULES.flatMap((m) => (m.unlocked ? m.lessons.map((l) => l.id) : [])) as [string, ...string[]];

/** Course figures shown on the page (spec app-core §2.9). */
export const COURSE_STATS = { students: 1247, completionPercent: 89, rating: 4.8, hours: 8.5 } as const;
