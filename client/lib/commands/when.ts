import { addDays, weekdayOf, zonedParts, zonedTimeToInstant } from '../../../server/time/zoned';

/**
 * Times said in a command ("tomorrow at 3 pm", "on Friday at 10:30", "in 2 hours", "demain à 15h"),
 * read as wall time in the user's zone. `take` finds the time phrase in a normalized utterance and
 * returns the instant and the utterance without it, so what is left is the name or the title.
 */

export type Spoken = { at: Date; date: string; time: string | null; rest: string };

const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  dimanche: 0,
  lundi: 1,
  mardi: 2,
  mercredi: 3,
  jeudi: 4,
  vendredi: 5,
  samedi: 6,
};
const DAY_WORDS: Record<string, number> = { today: 0, tonight: 0, tomorrow: 1, "aujourd'hui": 0, aujourdhui: 0, demain: 1, اليوم: 0, غدا: 1, غدًا: 1 };

const DAY = `(?:(?:on |this |next |ce |cette )?(?:${Object.keys(WEEKDAYS).join('|')})|${Object.keys(DAY_WORDS).join('|')}|the day after tomorrow)`;
const CLOCK = `(?:(?:at |a |à |vers |around |الساعة )?(?:noon|midday|midi|midnight|\\d{1,2}(?:[:h.]\\d{2})?(?:\\s?(?:am|pm|a m|p m|h|o'?clock))?(?: in the (?:morning|afternoon|evening))?))`;
const RELATIVE = /(?:^|\s)in (\d{1,3}|an|a|one) (minutes?|hours?|days?)(?=\s|$)/;
const PHRASE = new RegExp(`(?:^|\\s)(${DAY}(?:\\s${CLOCK})?|${CLOCK}(?:\\s${DAY})?)(?=\\s|$)`);

/** The time phrase of `text` (normalized) read in `timeZone` from `now`, or null when it names none. */
export function take(text: string, now: Date, timeZone: string): Spoken | null {
  const relative = RELATIVE.exec(text);
  if (relative) {
    const count = /^\d+$/.test(relative[1]!) ? Number(relative[1]) : 1;
    const unitMs = relative[2]!.startsWith('minute') ? 60_000 : relative[2]!.startsWith('hour') ? 3_600_000 : 86_400_000;
    const at = new Date(now.getTime() + count * unitMs);
    const parts = zonedParts(at, timeZone);
    return { at, date: parts.date, time: parts.time, rest: squeeze(text.replace(relative[0], ' ')) };
  }
  for (const match of text.matchAll(new RegExp(PHRASE, 'g'))) {
    const phrase = match[1]!;
    const date = dayOf(phrase, now, timeZone);
    const time = clockOf(phrase);
    // A bare number is a time only with a day or a clock word ("call 3 people" is not 3 o'clock).
    if (date === null && (time === null || /^\d{1,2}$/.test(phrase))) continue;
    const today = zonedParts(now, timeZone).date;
    let day = date ?? today;
    // "at 9 am" said after 9 am means tomorrow's.
    if (date === null && time !== null && zonedTimeToInstant(day, time, timeZone) <= now) day = addDays(day, 1);
    const at = zonedTimeToInstant(day, time ?? '09:00', timeZone);
    return { at, date: day, time, rest: squeeze(text.replace(match[0], ' ')) };
  }
  return null;
}

function dayOf(phrase: string, now: Date, timeZone: string): string | null {
  const today = zonedParts(now, timeZone).date;
  if (phrase.includes('the day after tomorrow')) return addDays(today, 2);
  for (const [word, offset] of Object.entries(DAY_WORDS)) if (new RegExp(`(^|\\s)${word}(\\s|$)`).test(phrase)) return addDays(today, offset);
  for (const [word, weekday] of Object.entries(WEEKDAYS)) {
    if (!new RegExp(`(^|\\s)${word}(\\s|$)`).test(phrase)) continue;
    // The coming one ("on Friday", "next Friday"): never today.
    return addDays(today, (weekday - weekdayOf(today) + 7) % 7 || 7);
  }
  return null;
}

function clockOf(phrase: string): string | null {
  if (/\b(noon|midday|midi)\b/.test(phrase)) return '12:00';
  if (/\bmidnight\b/.test(phrase)) return '00:00';
  const m = /(\d{1,2})(?:[:h.](\d{2}))?(?:\s?(am|pm|a m|p m|h|o'?clock))?(?: in the (morning|afternoon|evening))?/.exec(phrase);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const meridiem = m[3]?.replace(' ', '');
  const pm = meridiem === 'pm' || m[4] === 'afternoon' || m[4] === 'evening' || (meridiem === undefined && m[2] === undefined && hour >= 1 && hour <= 7);
  if (meridiem === 'am' && hour === 12) hour = 0;
  else if (pm && hour < 12) hour += 12;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
