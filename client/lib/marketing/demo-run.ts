/**
 * The demo dashboard's simulated run (spec public-site §2.17, §3, §4, §9) as a reducer: the page
 * drives it with timers, the tests with events. Steps advance every 2 s through six messages,
 * progress grows 1 point every 1.5 s from 65 (capped at 95), reviews rise randomly, the run stops after 15 s.
 */

export const DEMO_STEPS = [
  'Appointment completed: Emma Rodriguez, hygiene visit',
  'Thank-you text sent with a review link',
  'Emma opened the review page',
  'New 5-star Google review received',
  'Review shared to the practice website and social pages',
  'Automation complete',
] as const;

export const DEMO_TIMINGS = { stepMs: 2_000, progressMs: 1_500, runMs: 15_000 } as const;
export const DEMO_START = { progress: 65, reviews: 248 } as const;
export const DEMO_PROGRESS_CAP = 95;

export type DemoState = { running: boolean; progress: number; reviews: number; step: number };
export type DemoEvent = { type: 'start' } | { type: 'step' } | { type: 'progress'; random: number } | { type: 'finish' } | { type: 'reset' };

export const initialDemoState: DemoState = { running: false, progress: DEMO_START.progress, reviews: DEMO_START.reviews, step: 0 };

export function demoReducer(state: DemoState, event: DemoEvent): DemoState {
  switch (event.type) {
    case 'start':
      return state.running ? state : { ...state, running: true, step: 0 };
    case 'step':
      return state.running ? { ...state, step: Math.min(state.step + 1, DEMO_STEPS.length - 1) } : state;
    case 'progress':
      // A new review lands on about one tick in three.
      return state.running ? { ...state, progress: Math.min(DEMO_PROGRESS_CAP, state.progress + 1), reviews: state.reviews + (event.random < 1 / 3 ? 1 : 0) } : state;
    case 'finish':
      return { ...state, running: false };
    case 'reset':
      return initialDemoState;
  }
}
