import { useId } from 'react';
import { Actions, type MarketingAction } from './actions';

/** The closing call to action of a page. */
export function CtaBand({ title, text, actions, note }: { title: string; text: string; actions: MarketingAction[]; note?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-indigo-700 dark:bg-indigo-900">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-14 text-center sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-indigo-50">{text}</p>
        <Actions actions={actions.map((a, i) => ({ ...a, variant: a.variant ?? (i === 0 ? 'secondary' : 'outline') }))} className="mt-8 flex flex-wrap justify-center gap-3" />
        {note ? <p className="mt-4 text-sm text-indigo-50">{note}</p> : null}
      </div>
    </section>
  );
}
