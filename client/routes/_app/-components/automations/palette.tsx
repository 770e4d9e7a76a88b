import { PlusIcon } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useState } from 'react';
import { PALETTE_TABS, type TPaletteTab } from '../../../../lib/automations-schema';
import { cn } from '../../../../lib/cn';
import { focusRing } from '../../../../components/ui/focus';
import type { Catalog, CatalogEntry } from './flow';

/**
 * The builder's 15 palette tabs (spec app-core §2.6). Every card is a trigger or step the engine runs
 * (the server's catalog); a tab the engine has nothing for says so instead of showing cards that do nothing.
 */
export function Palette({ catalog, onAdd, disabled }: { catalog: Catalog; onAdd: (entry: CatalogEntry) => void; disabled: boolean }) {
  const [tab, setTab] = useState<TPaletteTab>('Triggers');
  const entries = [...catalog.triggers, ...catalog.steps];
  return (
    <TabsPrimitive.Root value={tab} onValueChange={(v) => setTab(v as TPaletteTab)} orientation="vertical" className="flex min-h-0 gap-2">
      <TabsPrimitive.List aria-label="Palette" className="flex w-36 shrink-0 flex-col gap-0.5 overflow-y-auto">
        {PALETTE_TABS.map((name) => (
          <TabsPrimitive.Trigger
            key={name}
            value={name}
            className={cn(
              'rounded-md px-2 py-1.5 text-left text-sm text-gray-700 hover:bg-gray-100 data-[state=active]:bg-indigo-50 data-[state=active]:font-semibold data-[state=active]:text-indigo-800 dark:text-gray-300 dark:hover:bg-gray-800 dark:data-[state=active]:bg-indigo-950 dark:data-[state=active]:text-indigo-200',
              focusRing,
            )}
          >
            {name}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {PALETTE_TABS.map((name) => {
        const cards = entries.filter((e) => e.tab === name);
        return (
          <TabsPrimitive.Content key={name} value={name} className={cn('min-w-0 flex-1 overflow-y-auto rounded-md', focusRing)}>
            <h2 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">{name}</h2>
            {cards.length === 0 ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">The workflow engine has no {name} step, so this tab has no cards.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {cards.map((entry) => (
                  <li key={`${entry.kind}:${entry.key}`}>
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => onAdd(entry)}
                      className={cn(
                        'flex w-full items-start gap-2 rounded-md border border-gray-200 bg-white p-2 text-left hover:border-indigo-400 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900',
                        focusRing,
                      )}
                    >
                      <PlusIcon className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden />
                      <span className="min-w-0">
                        <span className="block text-sm font-medium text-gray-900 dark:text-white">{entry.label}</span>
                        <span className="block text-xs text-gray-600 dark:text-gray-400">{entry.kind === 'trigger' ? `Trigger · ${entry.description}` : entry.description}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </TabsPrimitive.Content>
        );
      })}
    </TabsPrimitive.Root>
  );
}
