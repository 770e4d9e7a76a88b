import { useEffect, useState } from 'react';
import { FormAlert } from '../form';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { callBooking, slotsQuery, type SlotOffer } from './booking-api';

/** The free slots of the next two weeks, grouped by the visitor's local day; picking one hands its start up. */
export function SlotPicker({ slotsPath, timeZone, onPick }: { slotsPath: string; timeZone: string; onPick: (slot: SlotOffer) => void }) {
  const [slots, setSlots] = useState<SlotOffer[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void callBooking<{ slots: SlotOffer[] }>(`${slotsPath}?${slotsQuery(timeZone)}`).then((result) => {
      if (!active) return;
      if (result.ok) setSlots(result.answer.slots);
      else setError(result.message);
    });
    return () => {
      active = false;
    };
  }, [slotsPath, timeZone]);

  if (error) return <FormAlert message={error} />;
  if (!slots)
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (slots.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">No free times in the next two weeks. Please check again later.</p>;
  const days = new Map<string, SlotOffer[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return (
    <div className="flex flex-col gap-4" aria-label="Free times">
      <p className="text-xs text-gray-500 dark:text-gray-400">Times in {timeZone}</p>
      {[...days].map(([date, daySlots]) => (
        <section key={date}>
          <h3 className="text-sm font-medium text-gray-900 dark:text-white">
            {new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))}
          </h3>
          <div className="mt-2 flex flex-wrap gap-2">
            {daySlots.map((slot) => (
              <Button key={slot.startsAt} variant="outline" size="sm" onClick={() => onPick(slot)}>
                {slot.time}
              </Button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
