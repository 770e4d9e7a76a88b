import { pageTexts } from '../i18n';

/** The Voice Command Center's public face (spec app-core §2.7; built in issue #21). Commands are spoken in English: their phrases stay English in every language. */
export const VOICE_COMMANDS = [
  { phrase: "Show me today's leads", action: 'display_leads' },
  { phrase: 'Send follow-up email', action: 'send_email' },
  { phrase: 'Schedule a call', action: 'schedule_call' },
  { phrase: 'Create new automation', action: 'create_automation' },
  { phrase: 'Show pipeline status', action: 'show_pipeline' },
  { phrase: 'Add to hot leads', action: 'tag_hot_lead' },
] as const;

const en = {
  eyebrow: 'Voice Command Center',
  title: 'Talk to your CRM',
  lead: 'Between meetings, in the car, with your hands full: say what you need, see what Switchboard understood, and confirm. Show today’s leads, send a follow-up, schedule a call. The same commands can be typed in the app with Ctrl K on any screen.',
  startTrial: 'Start Free Trial',
  openApp: 'Open in the app',
  commandsTitle: 'Commands you can say',
  commandsIntro: 'Pick a command to see what Switchboard does with it.',
  /** Spec app-core §8's message. */
  unsupported: 'Voice recognition is not supported in your current browser. Please use Chrome, Safari, or Edge for the best experience.',
  /** Keyed by action, in VOICE_COMMANDS' order. */
  commands: {
    display_leads: { category: 'Data', description: 'Opens the contacts created today, or yesterday, this week or this month.' },
    send_email: { category: 'Communication', description: 'Opens the e-mail composer for the contact you are viewing or the one you name.' },
    schedule_call: { category: 'Calendar', description: 'Books a 30-minute call at the time you say, such as “with Ana Lopez tomorrow at 3 pm”, in your time zone, once you confirm.' },
    create_automation: { category: 'Automation', description: 'Opens the workflow builder.' },
    show_pipeline: { category: 'Sales', description: 'Shows the deals and their value per stage, and opens the board.' },
    tag_hot_lead: { category: 'Lead Management', description: 'Tags the contact you are viewing, or the one you name, hot-lead, once you confirm.' },
  },
  executed: 'Command Executed',
  choose: 'Choose a command to preview its result.',
  howTitle: 'How it works',
  how: [
    {
      title: 'Press and speak',
      text: 'Press Listen and say a command. Your browser recognizes the speech and may send the audio to its vendor’s speech service; a live transcript shows what was heard, with a confidence bar.',
    },
    {
      title: 'You confirm, it runs',
      text: 'Switchboard matches your words to a command and shows what it will do. Anything that changes or sends waits for your “yes” or a click; a Command Executed box then links to the result.',
    },
    { title: 'History at a glance', text: 'Your last ten commands stay listed with what each one did.' },
  ],
  ctaTitle: 'Save a click, every time',
  ctaText: 'Voice commands are included in every plan. Try them during your free trial.',
  seeFeatures: 'See all features',
};

export type VoiceTexts = typeof en;
export const VOICE_TEXTS = pageTexts(en, { fr: () => import('./fr/voice'), ar: () => import('./ar/voice') });
