import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { atom, useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { SearchIcon, SparklesIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import type { TSearchHit } from '../../../server/commands/schema';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Dialog, DialogContent } from '../ui/dialog';
import { CommandConfirm, CommandExecuted } from './command-confirm';
import { useCommandRunner } from './use-command-runner';

/** Open or closed, from Ctrl/⌘ K or the header's search box. */
export const paletteOpenAtom = atom(false);
/** The records opened from the palette lately, newest first: shown before anything is typed. */
const recentRecordsAtom = atomWithStorage<TSearchHit[]>('switchboard.palette.recent', []);
const RECENT_SIZE = 6;

const KIND_LABEL: Record<TSearchHit['kind'], string> = { contact: 'Contact', deal: 'Deal', task: 'Task', appointment: 'Appointment', workflow: 'Workflow', page: 'Page' };

type Item = { key: string; label: string; detail: string | null; badge: string; choose: () => void };

/**
 * The command palette (issue #21), an accessible combobox in a dialog: what is typed is searched
 * across the organization (search.global) and read by the command grammar; arrows move, Enter opens
 * a record or prepares a command, which waits for a confirmation when it stores, sends or signs out.
 */
export function CommandPalette() {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent aria-describedby={undefined} className="top-[15%] max-w-xl translate-y-0 gap-3 p-3" closeLabel="Close the command palette">
        {open ? <PaletteBody onClose={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const runner = useCommandRunner();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useAtom(recentRecordsAtom);
  const listId = useId();
  const q = useDeferredValue(query.trim());
  const search = trpc.search.global.useQuery({ q }, { enabled: q.length > 0, placeholderData: keepPreviousData, staleTime: 10_000 });
  const parsed = q ? runner.parse(q) : null;

  const openHit = (hit: TSearchHit) => {
    setRecent([hit, ...recent.filter((r) => r.link !== hit.link)].slice(0, RECENT_SIZE));
    void navigate({ to: hit.link });
    onClose();
  };
  const hitItem = (hit: TSearchHit): Item => ({ key: `${hit.kind}:${hit.id}`, label: hit.title, detail: hit.detail, badge: KIND_LABEL[hit.kind], choose: () => openHit(hit) });
  const items: Item[] = [];
  if (parsed && parsed.command.intent !== 'find') {
    items.push({
      key: 'command',
      label: query.trim(),
      detail: parsed.needsConfirmation ? 'Command · asks before it runs' : 'Command',
      badge: 'Run',
      choose: () => void runner.propose(query.trim(), parsed, 'palette'),
    });
  }
  if (q) items.push(...(search.data?.hits ?? []).map(hitItem));
  else items.push(...recent.map(hitItem));
  const current = Math.min(active, Math.max(items.length - 1, 0));

  if (runner.plan) {
    return (
      <div className="flex flex-col gap-3 pt-6">
        <CommandConfirm plan={runner.plan} busy={runner.busy} onCancel={runner.cancel} onConfirm={(message) => void runner.confirm(message)} />
        {runner.composer}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 border-b border-gray-200 pr-8 pb-2 dark:border-gray-800">
        <SearchIcon className="size-4 text-gray-500" aria-hidden />
        <input
          autoFocus
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items[current] ? `${listId}-${current}` : undefined}
          aria-autocomplete="list"
          aria-label="Search or type a command"
          placeholder="Search contacts, deals, tasks… or type a command"
          className="h-9 flex-1 bg-transparent text-sm outline-none placeholder:text-gray-500"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((current + 1) % Math.max(items.length, 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((current - 1 + items.length) % Math.max(items.length, 1));
            } else if (event.key === 'Enter' && items[current]) {
              event.preventDefault();
              items[current].choose();
            }
          }}
        />
      </div>
      {runner.done ? <CommandExecuted record={runner.done} onOpen={onClose} /> : null}
      <ul id={listId} role="listbox" aria-label={q ? 'Results' : 'Recent records'} className="flex max-h-80 flex-col gap-0.5 overflow-y-auto">
        {items.map((item, index) => (
          <li
            key={item.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            onMouseEnter={() => setActive(index)}
            onClick={item.choose}
            className={cn('flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm', index === current && 'bg-indigo-50 dark:bg-indigo-500/15')}
          >
            {item.key === 'command' ? <SparklesIcon className="size-4 text-indigo-600" aria-hidden /> : null}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">{item.label}</span>
              {item.detail ? <span className="truncate text-xs text-gray-600 dark:text-gray-400">{item.detail}</span> : null}
            </span>
            <span className="text-xs text-gray-600 dark:text-gray-400">{item.badge}</span>
          </li>
        ))}
      </ul>
      {q && search.data && items.length === 0 ? <p className="px-2 py-3 text-sm text-gray-600 dark:text-gray-400">Nothing matches “{q}”.</p> : null}
      {!q && items.length === 0 ? (
        <p className="px-2 py-3 text-sm text-gray-600 dark:text-gray-400">Type a name, an e-mail, a phone number, or a command such as “add Ana Lopez to hot leads”.</p>
      ) : null}
      {runner.composer}
    </div>
  );
}
