import { pageTexts } from '../i18n';

/** The marketing script tool's content (spec public-site §2.17, §3, §9): five short vertical videos. */

export const VIDEO_FORMAT = { ratio: '9:16', resolution: '1080x1920' } as const;

/** Which script goes out when (the days and times are in the texts, in the same order). */
export const POSTING_SCHEDULE = ['speed-to-lead', 'missed-call', 'agency-day', 'medspa-reminder', 'voice-command'] as const;

const en = {
  eyebrow: 'Marketing tools',
  title: 'Short-video marketing scripts',
  lead: (ratio: string, resolution: string) => `Five scripts ready to film: ${ratio} vertical, ${resolution}, 15–30 seconds each. Copy a script, follow its shot list, and post on the schedule below.`,
  sectionsLabel: 'Script tool sections',
  tabs: { scripts: 'Scripts', shots: 'Shot lists', guide: 'Filming guide', schedule: 'Schedule' },
  scheduleHeading: 'Posting schedule',
  columns: { time: 'Time', shot: 'Shot', action: 'Action' },
  props: (props: string) => `Props: ${props}`,
  forTarget: (duration: string, target: string) => `${duration} · for ${target}`,
  copy: 'Copy Script',
  copied: 'Copied to clipboard',
  blocked: 'Your browser blocked the clipboard; select the text to copy it.',
  tipsTitle: 'Tips for better results',
  tips: 'Post at the same times each week, reply to comments within the first hour, and reuse your best-performing hook with a new example. Send viewers to the free trial; every sign-up from a video is tracked like any other lead.',
  scripts: {
    'missed-call': {
      title: 'The missed call that cost $3,000',
      hook: 'This one missed call cost a dental office $3,000.',
      content:
        'A new patient calls at 12:15. Everyone is at lunch. She hangs up and books with the practice down the road. Now put the website chat and a form on your site: with Switchboard, her request reaches every phone on the team at once, and whoever is free texts her back from the CRM: "Sorry we missed you! Would Thursday at 10 suit you?" She says yes. Missed calls are not lost patients any more. Link in bio for a free 14-day trial.',
      shotList: [
        { time: '0–3s', shot: 'Close-up of a ringing desk phone, empty chair', action: 'Text on screen: "12:15, everyone at lunch"' },
        { time: '3–8s', shot: 'Phone screen, call ends', action: 'Cut to a competitor sign, quick zoom' },
        { time: '8–18s', shot: 'Phone receiving the practice’s text', action: 'Thumb replies "Yes", the visit lands on the team calendar' },
        { time: '18–25s', shot: 'Presenter to camera', action: 'Closing line and call to action, point to the bio' },
      ],
      props: ['Desk phone', 'Smartphone with a demo account', 'Practice reception or desk'],
      tags: ['#dentist', '#smallbusiness', '#crm', '#speedtolead'],
      target: 'Dental practice owners and office managers',
      duration: '25 seconds',
    },
    'speed-to-lead': {
      title: 'Speed to lead in 15 seconds',
      hook: 'How fast do you answer a new lead? Be honest.',
      content:
        'The first company to reply wins the customer most of the time. Watch: a form is filled in, and before I can put my coffee down, the lead has a personal e-mail and a text, and my phone shows a task to call. That is a faster follow-up, without hiring anyone.',
      shotList: [
        { time: '0–3s', shot: 'Presenter to camera, raised eyebrow', action: 'Hook on screen in large text' },
        { time: '3–9s', shot: 'Laptop screen: web form submitted', action: 'Split screen with a phone buzzing' },
        { time: '9–13s', shot: 'Phone notification close-up', action: 'Task appears: "Call Jordan now"' },
        { time: '13–15s', shot: 'Presenter sips coffee', action: 'Text: "Reply first"' },
      ],
      props: ['Laptop', 'Smartphone', 'Coffee mug'],
      tags: ['#sales', '#leadgeneration', '#marketingtips', '#crm'],
      target: 'Sales managers and small-business owners',
      duration: '15 seconds',
    },
    'agency-day': {
      title: 'An agency owner’s Monday, before and after',
      hook: 'POV: it is Monday and twelve clients want their reports.',
      content:
        'Before: twelve logins, twelve spreadsheets, one long night. After: one login, a workspace per client, and every report built from the client’s own data and exported in minutes. I spent the morning on strategy instead.',
      shotList: [
        { time: '0–4s', shot: 'Overhead of a messy desk, many tabs open', action: 'Text: "Before"' },
        { time: '4–10s', shot: 'Fast cuts between spreadsheets', action: 'Sigh, rub eyes' },
        { time: '10–20s', shot: 'Clean desk, one dashboard', action: 'Text: "After": scroll through each client’s reports' },
        { time: '20–28s', shot: 'Presenter to camera, relaxed', action: 'Call to action: "Try it free, link in bio"' },
      ],
      props: ['Two monitors or a laptop', 'Printed spreadsheets for the "before" shot', 'Agency logo on screen'],
      tags: ['#agencylife', '#marketingagency', '#clientreporting', '#productivity'],
      target: 'Marketing agency owners',
      duration: '28 seconds',
    },
    'medspa-reminder': {
      title: 'The text that fills your touch-up calendar',
      hook: 'Your Botox clients forget. Here is how to make sure they don’t.',
      content:
        'Each month, open a saved view of the clients treated three and a half months ago and copy their numbers into one bulk text: "Time for your touch-up? Reply with a day that suits you." Then book the replies straight onto the team calendar.',
      shotList: [
        { time: '0–3s', shot: 'Treatment room, provider preparing', action: 'Hook on screen' },
        { time: '3–10s', shot: 'Calendar flips forward 3.5 months', action: 'Simple animated text' },
        { time: '10–18s', shot: 'Client receives the text and replies with a day', action: 'Close-up of the visit added to the team calendar' },
        { time: '18–22s', shot: 'Provider smiles at the full schedule', action: 'Call to action' },
      ],
      props: ['Treatment room', 'Smartphone', 'Wall calendar or tablet calendar'],
      tags: ['#medspa', '#aesthetics', '#botox', '#salonowner'],
      target: 'Medical spa owners and managers',
      duration: '22 seconds',
    },
    'voice-command': {
      title: 'Talking to my CRM',
      hook: 'I run my sales pipeline by talking to it.',
      content:
        '"Show me today’s leads." Done. "Send follow-up email." Done. "Schedule a call with Maria for Thursday." Done. No clicking through menus between meetings. That is the Voice Command Center in Switchboard.',
      shotList: [
        { time: '0–3s', shot: 'Presenter walking, phone in hand', action: 'Hook on screen' },
        { time: '3–9s', shot: 'Screen recording: leads appear after the voice command', action: 'Caption the spoken command' },
        { time: '9–15s', shot: 'Screen: "Command Executed" box', action: 'Second command, follow-up e-mail sent' },
        { time: '15–20s', shot: 'Presenter to camera', action: 'Call to action' },
      ],
      props: ['Smartphone or laptop with a microphone', 'Quiet location', 'Screen recorder'],
      tags: ['#voicecommands', '#handsfree', '#salesproductivity', '#crm'],
      target: 'Busy founders and field sales teams',
      duration: '20 seconds',
    },
  },
  guide: [
    { title: 'Format', text: `Shoot vertical, ${VIDEO_FORMAT.ratio}, at ${VIDEO_FORMAT.resolution}. Keep every video between 15 and 30 seconds.` },
    { title: 'Hook in the first 3 seconds', text: 'Say the hook straight to camera with the words on screen; most viewers decide in the first seconds.' },
    { title: 'Light and sound', text: 'Face a window or a ring light; use a clip-on microphone. Good sound matters more than a sharp picture.' },
    { title: 'Screen recordings', text: 'Record the product at 1080×1920 on a phone, or crop a desktop recording to the centre. Use a demo account, never real customer data.' },
    { title: 'Captions', text: 'Add captions to every video: many people watch without sound.' },
    { title: 'One call to action', text: 'End with one clear step: "Start your free trial, link in bio."' },
  ],
  schedule: ['Monday, 7:00 PM', 'Tuesday, 12:00 PM', 'Wednesday, 7:00 PM', 'Thursday, 12:00 PM', 'Friday, 5:00 PM'],
};

export type TiktokTexts = typeof en;
export type VideoScript = TiktokTexts['scripts'][keyof TiktokTexts['scripts']];
export const TIKTOK_TEXTS = pageTexts(en, { fr: () => import('./fr/tiktok-scripts'), ar: () => import('./ar/tiktok-scripts') });

/** The text a presenter reads, and what Copy Script puts on the clipboard: hook, then the body. */
export const scriptText = (s: { hook: string; content: string }) => `${s.hook}\n\n${s.content}`;
