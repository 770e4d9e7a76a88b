import { useAtomValue } from 'jotai';
import { useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { activeUsersAtom } from '../../state/realtime';
import { focusRing } from '../ui/focus';
import { Tooltip } from '../ui/tooltip';
import { initialsOf } from '../shell/user';

/** Avatars shown before "+N": one on phones, three from the sm breakpoint. */
export const AVATARS_SHOWN = 3;

const TONES = [
  'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
  'bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100',
  'bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100',
];

/** The same colour for a person everywhere, from their id. */
export function toneOf(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

type Person = { id: string; name: string; email: string };

const ring = 'ring-2 ring-white dark:ring-gray-900';

/**
 * Colleagues online now (not yourself): initials with their name on hover or focus, overlapping,
 * "+N" for the rest. From the realtime slice's ids, named by the `realtime.presence` query.
 */
export function OnlineUsers() {
  const ids = useAtomValue(activeUsersAtom);
  const { data: me } = useMe();
  const { data: people } = trpc.realtime.presence.useQuery(undefined, { enabled: Boolean(me?.organization) });
  const byId = new Map((people ?? []).map((p) => [p.id, p]));
  const others = ids.filter((id) => id !== me?.user.id).flatMap((id) => byId.get(id) ?? []);
  if (others.length === 0) return null;

  const restOnPhone = others.slice(1);
  const restWide = others.slice(AVATARS_SHOWN);
  return (
    <ul aria-label={`Online now: ${others.length} ${others.length === 1 ? 'colleague' : 'colleagues'}`} className="mr-1 flex items-center -space-x-2 sm:gap-1 sm:space-x-0">
      {others.slice(0, AVATARS_SHOWN).map((person, index) => (
        <li key={person.id} className={cn(index > 0 && 'hidden sm:block')}>
          <Avatar person={person} />
        </li>
      ))}
      {restOnPhone.length > 0 ? (
        <li className="sm:hidden">
          <More people={restOnPhone} />
        </li>
      ) : null}
      {restWide.length > 0 ? (
        <li className="hidden sm:block">
          <More people={restWide} />
        </li>
      ) : null}
    </ul>
  );
}

function Avatar({ person }: { person: Person }) {
  return (
    <Tooltip
      side="bottom"
      content={
        <span className="flex flex-col">
          <span>{person.name}</span>
          <span className="font-normal opacity-80">{person.email}</span>
        </span>
      }
    >
      <span
        role="img"
        tabIndex={0}
        aria-label={`${person.name} is online`}
        className={cn('relative flex size-8 items-center justify-center rounded-full text-xs font-semibold select-none', ring, toneOf(person.id), focusRing)}
      >
        {initialsOf(person.name)}
        <span className={cn('absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full bg-green-500', ring)} aria-hidden />
      </span>
    </Tooltip>
  );
}

function More({ people }: { people: Person[] }) {
  return (
    <Tooltip side="bottom" content={people.map((p) => p.name).join(', ')}>
      <span
        role="img"
        tabIndex={0}
        aria-label={`${people.length} more online: ${people.map((p) => p.name).join(', ')}`}
        className={cn('flex size-8 items-center justify-center rounded-full bg-gray-100 text-xs font-semibold text-gray-700 dark:bg-gray-800 dark:text-gray-200', ring, focusRing)}
      >
        +{people.length}
      </span>
    </Tooltip>
  );
}
