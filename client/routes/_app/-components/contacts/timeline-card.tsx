import { useState } from 'react';
import { FormAlert } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { plural } from './labels';
import { NoteForm } from './note-form';
import { type TimelineContext, TimelineItem } from './timeline';

/** Newest first; older entries a page at a time. */
export function TimelineCard({ contactId, canWrite, ctx }: { contactId: string; canWrite: boolean; ctx: TimelineContext }) {
  const first = trpc.contacts.timeline.useQuery({ id: contactId });
  const [befores, setBefores] = useState<number[]>([]);
  const older = trpc.useQueries((t) => befores.map((before) => t.contacts.timeline({ id: contactId, before })));
  const pages = [first, ...older];
  const entries = pages.flatMap((p) => p.data?.items ?? []);
  const seen = new Set<number>();
  const unique = entries.filter((e) => !seen.has(e.id) && seen.add(e.id));
  const last = pages.at(-1);
  const nextBefore = last?.data?.nextBefore ?? null;
  const fetching = older.some((o) => o.isFetching);
  const failure = pages.find((p) => p.error)?.error;

  return (
    <Card role="region" aria-label="Timeline" className="min-w-0">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Timeline
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {canWrite ? <NoteForm contactId={contactId} onAdded={() => setBefores([])} /> : null}
        {failure ? <FormAlert message={errorMessageOf(failure, 'Could not read the timeline')} /> : null}
        {unique.length === 0 && !failure ? <p className="text-sm text-gray-500 dark:text-gray-400">Nothing has happened with this contact yet.</p> : null}
        <ol aria-label="Activity" className="min-w-0">
          {unique.map((entry, i) => (
            <TimelineItem key={entry.id} entry={entry} ctx={ctx} last={i === unique.length - 1} />
          ))}
        </ol>
        {nextBefore ? (
          <div>
            <Button variant="secondary" disabled={fetching} onClick={() => setBefores((b) => (b.includes(nextBefore) ? b : [...b, nextBefore]))}>
              {fetching ? 'Fetching older entries…' : 'Load older'}
            </Button>
          </div>
        ) : unique.length > 0 ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">{plural(unique.length, 'entry', 'entries')}, the whole history.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
