import { pageTexts } from '../i18n';
import { DEMO_STEPS } from '../lib/marketing/demo-run';

/** The demo dashboard (spec public-site §2.17, §4) and the demo recordings page. */
const en = {
  dashboard: {
    eyebrow: 'Live demo · automations being built',
    title: 'Review automation, live',
    lead: 'A dental practice finishes an appointment. Press Start Demo and watch Switchboard turn it into a new 5-star review, without anyone lifting a finger.',
    start: 'Start Demo',
    running: 'Running…',
    reset: 'Reset',
    statusHeading: 'Automation status',
    progress: 'Review goal progress',
    reviews: 'Google reviews',
    rating: '4.9 average rating',
    status: 'Status',
    states: { running: 'Running', complete: 'Demo complete', ready: 'Ready' },
    pressStart: 'Press Start Demo to begin.',
    stepsTitle: 'Workflow steps',
    /** Spec §9's step messages. */
    steps: [...DEMO_STEPS] as string[],
    done: '(done)',
    inProgress: '(in progress)',
    note: 'This is a simulation with sample data. Automations are being built: this is the run they will make on your real appointments.',
    trial: 'Start a free trial',
  },
  recordings: {
    eyebrow: 'Marketing tools',
    title: 'Demo recordings',
    lead: 'Everything needed to record a clean product demo: the live demo dashboard, the scenes to capture and the recordings we use across the site.',
    open: 'Open the demo dashboard',
    scenesTitle: 'Recording a demo, step by step',
    scenes: [
      { title: 'Set up the screen', text: 'Open the demo dashboard in its own tab, at 1920×1080 for landscape demos or in a 1080×1920 window for vertical ones.' },
      { title: 'Record the run', text: 'Start your screen recorder, press Start Demo and let the 15-second run play out to its last step.' },
      { title: 'Narrate the story', text: 'One sentence per step: appointment finished, thank-you text, review page opened, review posted, shared, done.' },
      { title: 'Reset and retake', text: 'Press Reset to return to the demo’s starting figures, and record again until the take is clean.' },
    ],
    listTitle: 'Recordings to make',
    listIntro: 'The short demos the site needs, and where each one is used.',
    list: [
      { title: 'The review demo in 15 seconds', detail: 'Target length 0:20 · for landing pages and the features page' },
      { title: 'From missed call to booked visit', detail: 'Target length 0:30 · for dental and med spa pages, short-video ads' },
      { title: 'A client workspace under your brand', detail: 'Target length 1:10 · for the agency page and partner webinars' },
      { title: 'Voice commands at work', detail: 'Target length 0:25 · for social posts and the Voice Command Center page' },
    ],
  },
};

export type DemoTexts = typeof en;
export const DEMO_TEXTS = pageTexts(en, { fr: () => import('./fr/demo'), ar: () => import('./ar/demo') });
