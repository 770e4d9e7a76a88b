/** Sales landing page timers (spec public-site §2.8, §4, §9), as pure functions the page and the tests share. */

/** The offer countdown starts at 15 days 7 hours 32 minutes, in minutes. */
export const COUNTDOWN_START_MINUTES = (15 * 24 + 7) * 60 + 32;
export const COUNTDOWN_TICK_MS = 60_000;

/** One minute less, never below zero. */
export function tickCountdown(minutes: number): number {
  return Math.max(0, minutes - 1);
}

export function countdownParts(minutes: number): { days: number; hours: number; minutes: number } {
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
