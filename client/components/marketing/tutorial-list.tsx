import { ClockIcon } from 'lucide-react';
import type { Tutorial } from '../../content/tutorials';

/** Written tutorials, each with an anchor (#id) the help centre links to. */
export function TutorialList({ tutorials, minutesLabel = (m) => `${m} min` }: { tutorials: readonly Tutorial[]; minutesLabel?: (minutes: number) => string }) {
  return (
    <ol className="grid gap-6">
      {tutorials.map((t) => (
        <li key={t.id} id={t.id} className="scroll-mt-20 rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
          <article>
            <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{t.title}</h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">{t.level}</span>
              <ClockIcon className="size-4" aria-hidden />
              {minutesLabel(t.minutes)}
            </p>
            <p className="mt-3 text-gray-700 dark:text-gray-300">{t.summary}</p>
            <ol className="mt-4 list-decimal space-y-2 ps-6 text-gray-800 marker:font-semibold marker:text-indigo-700 dark:text-gray-200 dark:marker:text-indigo-300">
              {t.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </article>
        </li>
      ))}
    </ol>
  );
}
