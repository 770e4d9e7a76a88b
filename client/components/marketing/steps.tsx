import { useT } from '../../i18n';

export type Step = { title: string; text: string; when?: string };

/** A numbered process (implementation plan, application steps, migration). */
export function Steps({ items }: { items: readonly Step[] }) {
  const { t } = useT();
  return (
    <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
      {items.map((step, i) => (
        <li key={step.title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
          <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">
            <span className="sr-only">{t('marketing.step', { number: i + 1 })} </span>
            {step.title}
          </h3>
          {step.when ? <p className="text-xs font-medium text-indigo-700 dark:text-indigo-300">{step.when}</p> : null}
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
