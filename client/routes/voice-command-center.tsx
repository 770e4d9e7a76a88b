import { createFileRoute } from '@tanstack/react-router';
import { CheckCircle2Icon, MicIcon } from 'lucide-react';
import { useState } from 'react';
import { CtaBand } from '../components/marketing/cta-band';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { PublicLayout } from '../components/public-layout';
import { buttonClasses } from '../components/ui/button';

export const Route = createFileRoute('/voice-command-center')({
  staticData: {
    title: 'Voice Command Center',
    description: 'Run your CRM by voice: show today’s leads, send a follow-up e-mail, schedule a call or create an automation by speaking.',
  },
  component: VoiceCommandCenter,
});

/** Spec app-core §2.7: phrase, action, category, description. */
const COMMANDS = [
  { phrase: "Show me today's leads", action: 'display_leads', category: 'Data', description: 'Lists the leads created today, hottest first.' },
  { phrase: 'Send follow-up email', action: 'send_email', category: 'Communication', description: 'Sends your follow-up template to the contact you are viewing.' },
  { phrase: 'Schedule a call', action: 'schedule_call', category: 'Calendar', description: 'Books a call in your next free slot and invites the contact.' },
  { phrase: 'Create new automation', action: 'create_automation', category: 'Automation', description: 'Opens the builder with a new workflow ready for a trigger.' },
  { phrase: 'Show pipeline status', action: 'show_pipeline', category: 'Sales', description: 'Reads out deals and value per stage.' },
  { phrase: 'Add to hot leads', action: 'tag_hot_lead', category: 'Lead Management', description: 'Tags the current contact as a hot lead and alerts the owner.' },
];

const UNSUPPORTED = 'Voice recognition is not supported in your current browser. Please use Chrome, Safari, or Edge for the best experience.';

const hasSpeechRecognition = () => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

function VoiceCommandCenter() {
  const [chosen, setChosen] = useState<(typeof COMMANDS)[number] | null>(null);
  const supported = hasSpeechRecognition();
  return (
    <PublicLayout>
      <Hero
        eyebrow="Voice Command Center"
        title="Talk to your CRM"
        lead="Between meetings, in the car, with your hands full: say what you need and Switchboard does it. Show today’s leads, send a follow-up, schedule a call."
        actions={[
          { label: 'Start Free Trial', icon: MicIcon, href: '/signup' },
          { label: 'Open in the app', variant: 'outline', href: '/voice-center' },
        ]}
      />
      <Section title="Commands you can say" intro="Pick a command to see what Switchboard does with it.">
        {supported ? null : (
          <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-gray-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-gray-100">
            {UNSUPPORTED}
          </p>
        )}
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <ul className="grid gap-3 sm:grid-cols-2">
            {COMMANDS.map((c) => (
              <li key={c.action}>
                <button
                  type="button"
                  aria-pressed={chosen?.action === c.action}
                  onClick={() => setChosen(c)}
                  className={buttonClasses({ variant: chosen?.action === c.action ? 'default' : 'outline', className: 'h-auto w-full flex-col items-start gap-1 py-3 text-start whitespace-normal' })}
                >
                  <span className="font-semibold">“{c.phrase}”</span>
                  <span className="text-xs opacity-90">{c.category}</span>
                </button>
              </li>
            ))}
          </ul>
          <div aria-live="polite" className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
            {chosen ? (
              <>
                <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
                  <CheckCircle2Icon className="size-5" aria-hidden />
                  Command Executed
                </p>
                <p className="mt-2 text-gray-900 dark:text-white">“{chosen.phrase}”</p>
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{chosen.description}</p>
                <p className="mt-3 font-mono text-xs text-gray-600 dark:text-gray-300">
                  action: {chosen.action} · {chosen.category}
                </p>
              </>
            ) : (
              <p className="text-sm text-gray-700 dark:text-gray-300">Choose a command to preview its result.</p>
            )}
          </div>
        </div>
      </Section>
      <Section title="How it works" tone="muted">
        <FeatureGrid
          items={[
            { title: 'Press and speak', text: 'Turn voice on, press the microphone and say a command. A live transcript shows what was heard, with a confidence bar.' },
            { title: 'It runs the command', text: 'Switchboard matches your words to a command and runs it on your data, then confirms in a Command Executed box.' },
            { title: 'History at a glance', text: 'Your last ten commands stay listed, so you can repeat one with a click.' },
          ]}
        />
      </Section>
      <CtaBand
        title="Save a click, every time"
        text="Voice commands are included in every plan. Try them during your free trial."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'See all features', to: '/features' },
        ]}
      />
    </PublicLayout>
  );
}
