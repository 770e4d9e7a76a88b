import type { ReactNode } from 'react';

/** A lead-capture form on a marketing page, under a heading and a line saying what happens next. */
export function FormPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-6 dark:border-indigo-900 dark:bg-indigo-950/40">
      <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{title}</h3>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{text}</p>
      <div className="mt-5">{children}</div>
    </div>
  );
}
