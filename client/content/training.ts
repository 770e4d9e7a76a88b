import { pageTexts } from '../i18n';
import { TRAINING_MODULES } from '../../server/training/course/schema';

/** The training course page; its modules and lessons (English) come from the course catalogue (server/training/course/schema.ts). */

type ModuleText = { title: string; description: string; lessons: Record<string, { title: string; summary: string }>; exercises: string[] };
const modules = Object.fromEntries(
  TRAINING_MODULES.map((m) => [
    m.id,
    { title: m.title, description: m.description, lessons: Object.fromEntries(m.lessons.map((l) => [l.id, { title: l.title, summary: l.summary }])), exercises: m.exercises },
  ]),
) as Record<string, ModuleText>;

const en = {
  eyebrow: 'Academy',
  title: 'Switchboard Training Course',
  lead: 'From your first import to the inbox, reports and compliance: eight modules, each with short lessons and practical exercises on your own account.',
  statsLabel: 'Course figures',
  stats: { students: 'students', completion: 'completion rate', rating: 'average rating out of 5', hours: (hours: string) => `${hours} hours`, content: 'of content' },
  modulesLabel: 'Course modules',
  moduleMeta: (lessons: number, hours: string) => `${lessons} lessons · ${hours} h`,
  locked: 'Locked',
  moduleHeading: (number: number, title: string) => `Module ${number}: ${title}`,
  loading: 'Loading your progress…',
  progress: (done: number, total: number, signedIn: boolean) =>
    `${done} of ${total} lessons complete · ${signedIn ? 'saved to your account' : 'saved in this browser (sign in to keep it on every device)'}`,
  lessons: 'Lessons',
  minutes: (minutes: number) => `${minutes} min`,
  exercises: 'Practical exercises',
  previous: 'Previous module',
  next: 'Next module',
  learners: 'Open to every member of your team',
  certificate: 'Certificate in the Academy when you finish',
  modules,
};

export type TrainingTexts = typeof en;
export const TRAINING_TEXTS = pageTexts(en, { fr: () => import('./fr/training'), ar: () => import('./ar/training') });
