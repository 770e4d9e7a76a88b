import type { BlockProps } from '../schema';

/** The UTC instant of a wall-clock time in a zone (two passes settle the offset across DST changes). */
export function zonedTimeToInstant(local: string, timeZone: string): Date {
  const [date = '', time = ''] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
        .formatToParts(new Date(instant))
        .map((p) => [p.type, Number(p.value)]),
    );
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/**
 * A new countdown's end: two weeks ahead, 18:00 UTC, so a block just dropped in (or a fresh webinar
 * template) is valid and not already over; the owner sets the real date and zone.
 */
export function defaultCountdownEnd(now = new Date()): string {
  return `${new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10)}T18:00`;
}

/**
 * Static text "Ends <date, time, zone>", right at any time without JavaScript (a number of days
 * computed when publishing would be wrong the next day); the countdown island (islands.ts), which
 * only pages with a countdown load, ticks the remaining time in the empty line below.
 */
export function Countdown({ title, endsAt, timeZone, endedText }: BlockProps['Countdown']) {
  const ends = zonedTimeToInstant(endsAt, timeZone);
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(ends);
  return (
    <div className="sb-countdown" data-sb-ends={ends.toISOString()} data-sb-ended={endedText}>
      {title && <p className="sb-countdown-title">{title}</p>}
      <p className="sb-countdown-when">
        Ends <time dateTime={ends.toISOString()}>{when}</time>
      </p>
      <p className="sb-countdown-left" hidden />
    </div>
  );
}
export const COUNTDOWN_CSS = `.sb-countdown{text-align:center;border:2px solid var(--sb-brand);border-radius:var(--sb-radius);padding:1.25rem;max-width:40rem;margin-inline:auto;background:var(--sb-bg);color:var(--sb-text)}
.sb-countdown p{margin:0}.sb-countdown-title{font-weight:700;font-size:1.15rem}.sb-countdown-left{font-size:1.75rem;font-weight:750;font-variant-numeric:tabular-nums;margin-top:.25rem!important}`;
