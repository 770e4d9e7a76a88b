import { createFileRoute } from '@tanstack/react-router';
import { BookOpenCheckIcon, ChevronLeftIcon, ChevronRightIcon, ClockIcon, GraduationCapIcon, LockIcon, StarIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COURSE_STATS, TRAINING_MODULES } from '../../../server/training/course/schema';
import { StatsBand } from '../../components/marketing/stats-band';
import { PublicLayout } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { loadTrainingProgress, saveLessonCompletion } from '../../lib/marketing/training-progress';
import { TRAINING_TEXTS } from '../../content/training';
import { useT } from '../../i18n';
import { formatNumber, formatPercent } from '../../i18n/format';

export const Route = createFileRoute('/(site)/training-course')({
  staticData: {
    title: 'Switchboard Training Course',
    description: 'The Switchboard training course: 8 modules from foundations to security, 8.5 hours, with lessons, practical exercises and saved progress.',
  },
  component: TrainingCourse,
});

type Progress = { state: 'loading' } | { state: 'ready'; signedIn: boolean; completed: string[] } | { state: 'error'; message: string };

function TrainingCourse() {
  const { text, language } = useT(TRAINING_TEXTS);
  const [selected, setSelected] = useState(0);
  const [progress, setProgress] = useState<Progress>({ state: 'loading' });
  const [saveError, setSaveError] = useState<string | null>(null);
  const module = TRAINING_MODULES[selected]!;
  const moduleText = text.modules[module.id]!;

  useEffect(() => {
    let live = true;
    loadTrainingProgress().then(
      (p) => live && setProgress({ state: 'ready', signedIn: p.signedIn, completed: p.completedLessonIds }),
      (e: Error) => live && setProgress({ state: 'error', message: e.message }),
    );
    return () => {
      live = false;
    };
  }, []);

  async function toggle(lessonId: string, completed: boolean) {
    if (progress.state !== 'ready') return;
    setSaveError(null);
    try {
      const next = await saveLessonCompletion(progress.signedIn, progress.completed, lessonId, completed);
      setProgress({ ...progress, completed: next });
    } catch (e) {
      setSaveError((e as Error).message);
    }
  }

  const completed = progress.state === 'ready' ? progress.completed : [];
  const unlockedLessons = TRAINING_MODULES.flatMap((m) => (m.unlocked ? m.lessons : []));
  const doneCount = unlockedLessons.filter((l) => completed.includes(l.id)).length;
  const canSelect = (index: number) => TRAINING_MODULES[index]?.unlocked === true;

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{text.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
        <div className="mt-8">
          <StatsBand
            label={text.statsLabel}
            stats={[
              { value: formatNumber(language, COURSE_STATS.students), label: text.stats.students },
              { value: formatPercent(language, COURSE_STATS.completionPercent), label: text.stats.completion },
              { value: formatNumber(language, COURSE_STATS.rating), label: text.stats.rating },
              { value: text.stats.hours(formatNumber(language, COURSE_STATS.hours)), label: text.stats.content },
            ]}
          />
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-[20rem_1fr]">
          <nav aria-label={text.modulesLabel}>
            <ol className="grid gap-2">
              {TRAINING_MODULES.map((m, i) => (
                <li key={m.id}>
                  <button
                    type="button"
                    disabled={!m.unlocked}
                    aria-current={i === selected ? 'step' : undefined}
                    onClick={() => setSelected(i)}
                    className={cn(
                      'flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-start text-sm transition-colors',
                      i === selected
                        ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/50'
                        : 'border-gray-200 bg-white hover:bg-gray-50 dark:border-gray-800 dark:bg-gray-900 dark:hover:bg-gray-800',
                      'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:hover:bg-gray-50 dark:disabled:bg-gray-900',
                    )}
                  >
                    <span className="mt-0.5 font-mono text-xs text-gray-600 dark:text-gray-300">{i + 1}</span>
                    <span className="flex-1">
                      <span className="block font-medium text-gray-900 dark:text-white">{text.modules[m.id]!.title}</span>
                      <span className="text-xs text-gray-600 dark:text-gray-300">
                        {text.moduleMeta(m.lessonCount, formatNumber(language, m.hours))}
                        {m.unlocked ? '' : ` · ${text.locked}`}
                      </span>
                    </span>
                    {m.unlocked ? null : <LockIcon className="mt-0.5 size-4 text-gray-500" aria-hidden />}
                  </button>
                </li>
              ))}
            </ol>
          </nav>

          <section aria-labelledby="module-title" className="min-w-0">
            <h2 id="module-title" className="text-2xl font-bold text-gray-900 dark:text-white">
              {text.moduleHeading(selected + 1, moduleText.title)}
            </h2>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{moduleText.description}</p>
            <p className="mt-4 text-sm text-gray-700 dark:text-gray-300" role="status">
              {progress.state === 'loading' ? text.loading : progress.state === 'error' ? progress.message : text.progress(doneCount, unlockedLessons.length, progress.signedIn)}
            </p>
            {saveError ? (
              <p className="mt-2 text-sm text-red-700 dark:text-red-400" role="alert">
                {saveError}
              </p>
            ) : null}

            <h3 className="mt-6 flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
              <BookOpenCheckIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
              {text.lessons}
            </h3>
            <ol className="mt-3 grid gap-2">
              {module.lessons.map((lesson, i) => {
                const done = completed.includes(lesson.id);
                const inputId = `lesson-${lesson.id}`;
                return (
                  <li key={lesson.id} className="flex items-start gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
                    <input
                      id={inputId}
                      type="checkbox"
                      checked={done}
                      disabled={progress.state !== 'ready'}
                      onChange={(e) => void toggle(lesson.id, e.target.checked)}
                      className="mt-1 size-4 accent-indigo-600"
                    />
                    <label htmlFor={inputId} className="flex-1">
                      <span className={cn('block font-medium text-gray-900 dark:text-white', done && 'line-through decoration-gray-400')}>
                        {i + 1}. {moduleText.lessons[lesson.id]!.title}
                      </span>
                      <span className="block text-sm text-gray-600 dark:text-gray-300">{moduleText.lessons[lesson.id]!.summary}</span>
                    </label>
                    <span className="flex shrink-0 items-center gap-1 text-xs text-gray-600 dark:text-gray-300">
                      <ClockIcon className="size-3.5" aria-hidden />
                      {text.minutes(lesson.minutes)}
                    </span>
                  </li>
                );
              })}
            </ol>

            <h3 className="mt-8 flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
              <GraduationCapIcon className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
              {text.exercises}
            </h3>
            <ul className="mt-3 list-disc space-y-1 ps-5 text-gray-700 dark:text-gray-300">
              {moduleText.exercises.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>

            <div className="mt-8 flex justify-between gap-3">
              <Button variant="outline" disabled={!canSelect(selected - 1)} onClick={() => setSelected(selected - 1)}>
                <ChevronLeftIcon className="size-4 rtl:rotate-180" aria-hidden />
                {text.previous}
              </Button>
              <Button variant="outline" disabled={!canSelect(selected + 1)} onClick={() => setSelected(selected + 1)}>
                {text.next}
                <ChevronRightIcon className="size-4 rtl:rotate-180" aria-hidden />
              </Button>
            </div>
          </section>
        </div>
        <p className="mt-10 flex flex-wrap items-center gap-4 text-sm text-gray-600 dark:text-gray-300">
          <span className="flex items-center gap-1">
            <UsersIcon className="size-4" aria-hidden /> {text.learners}
          </span>
          <span className="flex items-center gap-1">
            <StarIcon className="size-4" aria-hidden /> {text.certificate}
          </span>
        </p>
      </div>
    </PublicLayout>
  );
}
