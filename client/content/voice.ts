import { pageTexts } from '../i18n';

/** The Voice Command Center's public face (spec app-core §2.7). Commands are spoken in English: their phrases stay English in every language. */
export const VOICE_COMMANDS = [
  { phrase: "Show me today's leads", action: 'display_leads' },
  { phrase: 'Send follow-up email', action: 'send_email' },
  { phrase: 'Schedule a call', action: 'schedule_call' },
  { phrase: 'Create new automation', action: 'create_automation' },
  { phrase: 'Show pipeline status', action: 'show_pipeline' },
  { phrase: 'Add to hot leads', action: 'tag_hot_lead' },
] as const;

const en = {
  eyebrow: 'Voice Command Center · planned',
  title: 'Talk to your CRM',
  lead: 'A preview of a planned feature, not built yet. Between meetings, in the car, with your hands full: say what you need and Switchboard does it. Show today’s leads, send a follow-up, schedule a call.',
  startTrial: 'Start Free Trial',
  openApp: 'Open in the app',
  commandsTitle: 'Commands you can say',
  commandsIntro: 'Pick a command to see what Switchboard does with it.',
  /** Spec app-core §8's message. */
  unsupported: 'Voice recognition is not supported in your current browser. Please use Chrome, Safari, or Edge for the best experience.',
  /** Keyed by action, in VOICE_COMMANDS' order. */
  commands: {
    display_leads: { category: 'Data', description: 'Lists the leads created today, hottest first.' },
    send_email: { category: 'Communication', description: 'Sends your follow-up template to the contact you are viewing.' },
    schedule_call: { category: 'Calendar', description: 'Books a call in your next free slot and invites the contact.' },
    create_automation: { category: 'Automation', description: 'Opens the builder with a new workflow ready for a trigger.' },
    show_pipeline: { category: 'Sales', description: 'Reads out deals and value per stage.' },
    tag_hot_lead: { category: 'Lead Management', description: 'Tags the current contact as a hot lead and alerts the owner.' },
  },
  executed: 'Command Executed',
  choose: 'Choose a command to preview its result.',
  howTitle: 'How it works',
  how: [
    { title: 'Press and speak', text: 'Turn voice on, press the microphone and say a command. A live transcript shows what was heard, with a confidence bar.' },
    { title: 'It runs the command', text: 'Switchboard matches your words to a command and runs it on your data, then confirms in a Command Executed box.' },
    { title: 'History at a glance', text: 'Your last ten commands stay listed, so you can repeat one with a click.' },
  ],
  ctaTitle: 'Save a click, every time',
  ctaText: 'Voice commands are included in every plan. Try them during your free trial.',
  seeFeatures: 'See all features',
};

export type VoiceTexts = typeof en;
export const VOICE_TEXTS = pageTexts(en, { fr: () => import('./fr/voice'), ar: () => import('./ar/voice') });
