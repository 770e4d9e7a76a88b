import { ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from '../ui/focus';

export type FaqItem = { question: string; answer: string };

/** Questions whose answers open one at a time; opening one closes the other, clicking the open one closes it. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
      {items.map((item, index) => {
        const expanded = open === index;
        const panelId = `${baseId}-panel-${index}`;
        const buttonId = `${baseId}-button-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className={cn('flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-medium text-gray-900 dark:text-white', focusRing)}
              >
                {item.question}
                <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} aria-hidden />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-sm text-gray-600 dark:text-gray-300">
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
