/**
 * Training course progress: on the server per user when signed in (/api/training/progress), in this
 * browser's local storage otherwise. Plain fetch: the public page loads no tRPC or zod.
 */
import { TRAINING_LESSON_IDS } from '../../../server/training/course/schema';
import type { TTrainingProgress } from '../../../server/training/schema';

export const TRAINING_STORAGE_KEY = 'switchboard.trainingProgress';
const ENDPOINT = '/api/training/progress';

export function withLesson(ids: readonly string[], lessonId: string, completed: boolean): string[] {
  const rest = ids.filter((id) => id !== lessonId);
  return completed ? [...rest, lessonId] : rest;
}

function readLocal(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TRAINING_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The visitor's progress. Signed in, lessons completed in this browser before signing in are
 * moved to the account first, so nothing done while signed out is lost.
 */
export async function loadTrainingProgress(): Promise<TTrainingProgress> {
  const res = await fetch(ENDPOINT, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Could not load your progress (${res.status})`);
  const progress = (await res.json()) as TTrainingProgress;
  if (!progress.signedIn) return { signedIn: false, completedLessonIds: readLocal() };
  let completed = progress.completedLessonIds;
  // Only lessons that exist: storage is the visitor's to edit.
  for (const lessonId of readLocal().filter((id) => TRAINING_LESSON_IDS.includes(id) && !completed.includes(id))) {
    completed = await saveLessonCompletion(true, completed, lessonId, true);
  }
  localStorage.removeItem(TRAINING_STORAGE_KEY);
  return { signedIn: true, completedLessonIds: completed };
}

export async function saveLessonCompletion(signedIn: boolean, current: readonly string[], lessonId: string, completed: boolean): Promise<string[]> {
  if (!signedIn) {
    const next = withLesson(current, lessonId, completed);
    localStorage.setItem(TRAINING_STORAGE_KEY, JSON.stringify(next));
    return next;
  }
  const res = await fetch(ENDPOINT, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lessonId, completed }) });
  if (!res.ok) throw new Error('Your progress could not be saved. Please try again.');
  return ((await res.json()) as TTrainingProgress).completedLessonIds;
}
