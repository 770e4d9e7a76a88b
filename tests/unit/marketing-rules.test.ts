import { describe, expect, it } from 'vitest';
import { DEMO_STEPS, demoReducer, type DemoEvent, initialDemoState } from '../../client/lib/marketing/demo-run';
import { filterVideos, shouldTrackSearch } from '../../client/lib/marketing/help-filter';
import { revenueExample } from '../../client/lib/marketing/partnership-revenue';
import { COUNTDOWN_START_MINUTES, countdownParts, tickCountdown } from '../../client/lib/marketing/sales-timers';

describe('help centre filter (spec public-site §4)', () => {
  const videos = [
    { id: 1, title: 'Getting Started with Switchboard', description: 'Your first workspace', category: 'getting-started' },
    { id: 2, title: 'SMS Campaigns', description: 'Reach patients by text message', category: 'campaigns' },
    { id: 3, title: 'Importing Contacts', description: 'Bring your list from a CSV', category: 'contacts' },
  ];

  it('lists everything for all categories and an empty search', () => {
    expect(filterVideos(videos, 'all', '')).toEqual(videos);
  });

  it('keeps only the chosen category', () => {
    expect(filterVideos(videos, 'campaigns', '').map((v) => v.id)).toEqual([2]);
    expect(filterVideos(videos, 'automation', '')).toEqual([]);
  });

  it('matches the search text case-insensitively in the title or the description', () => {
    expect(filterVideos(videos, 'all', 'sms').map((v) => v.id)).toEqual([2]);
    expect(filterVideos(videos, 'all', 'CSV').map((v) => v.id)).toEqual([3]);
    expect(filterVideos(videos, 'all', 'nothing like this')).toEqual([]);
  });

  it('combines category and search', () => {
    expect(filterVideos(videos, 'contacts', 'text')).toEqual([]);
    expect(filterVideos(videos, 'campaigns', 'text').map((v) => v.id)).toEqual([2]);
  });

  it('tracks a search only when it is longer than 2 characters', () => {
    expect(shouldTrackSearch('')).toBe(false);
    expect(shouldTrackSearch('ab')).toBe(false);
    expect(shouldTrackSearch('  ab ')).toBe(false);
    expect(shouldTrackSearch('abc')).toBe(true);
  });
});

describe('partnership revenue examples (spec public-site §9)', () => {
  it('computes members × adoption × price × 12 and the commission on it', () => {
    expect(revenueExample({ members: 1000, adoptionPercent: 35, pricePerMonth: 297, commissionPercent: 30 })).toEqual({
      subscribers: 350,
      annualMemberRevenue: 1_247_400,
      annualCommission: 374_220,
    });
    expect(revenueExample({ members: 500, adoptionPercent: 42, pricePerMonth: 347, commissionPercent: 35 })).toEqual({
      subscribers: 210,
      annualMemberRevenue: 874_440,
      annualCommission: 306_054,
    });
    expect(revenueExample({ members: 750, adoptionPercent: 28, pricePerMonth: 447, commissionPercent: 25 }).annualMemberRevenue).toBe(1_126_440);
    expect(revenueExample({ members: 600, adoptionPercent: 38, pricePerMonth: 197, commissionPercent: 40 }).annualMemberRevenue).toBe(538_992);
  });

  it('counts whole subscribers', () => {
    expect(revenueExample({ members: 10, adoptionPercent: 33, pricePerMonth: 100, commissionPercent: 10 }).subscribers).toBe(3);
  });
});

describe('sales landing timers (spec public-site §4)', () => {
  it('starts at 15 days 7 hours 32 minutes and counts down a minute at a time', () => {
    expect(countdownParts(COUNTDOWN_START_MINUTES)).toEqual({ days: 15, hours: 7, minutes: 32 });
    expect(countdownParts(tickCountdown(COUNTDOWN_START_MINUTES))).toEqual({ days: 15, hours: 7, minutes: 31 });
    let m = COUNTDOWN_START_MINUTES;
    for (let i = 0; i < 33; i++) m = tickCountdown(m);
    expect(countdownParts(m)).toEqual({ days: 15, hours: 6, minutes: 59 });
  });

  it('stops at zero', () => {
    expect(tickCountdown(0)).toBe(0);
  });
});

describe('demo dashboard run (spec public-site §4)', () => {
  const run = (events: DemoEvent[]) => events.reduce(demoReducer, initialDemoState);

  it('starts idle at 65% and 248 reviews', () => {
    expect(initialDemoState).toEqual({ running: false, progress: 65, reviews: 248, step: 0 });
  });

  it('advances the step up to the last message, Automation complete', () => {
    const state = run([{ type: 'start' }, ...Array<DemoEvent>(10).fill({ type: 'step' })]);
    expect(state.step).toBe(DEMO_STEPS.length - 1);
    expect(DEMO_STEPS[state.step]).toBe('Automation complete');
    expect(DEMO_STEPS).toHaveLength(6);
  });

  it('grows progress by one per tick, capped at 95, and reviews only ever rise', () => {
    const state = run([{ type: 'start' }, ...Array<DemoEvent>(40).fill({ type: 'progress', random: 0.1 })]);
    expect(state.progress).toBe(95);
    expect(state.reviews).toBe(288);
    expect(run([{ type: 'start' }, { type: 'progress', random: 0.9 }])).toMatchObject({ progress: 66, reviews: 248 });
  });

  it('ignores ticks when not running, stops on finish and resets to the start state', () => {
    expect(run([{ type: 'step' }, { type: 'progress', random: 0 }])).toEqual(initialDemoState);
    const finished = run([{ type: 'start' }, { type: 'step' }, { type: 'progress', random: 0 }, { type: 'finish' }]);
    expect(finished).toEqual({ running: false, progress: 66, reviews: 249, step: 1 });
    expect(demoReducer(finished, { type: 'reset' })).toEqual(initialDemoState);
  });
});
