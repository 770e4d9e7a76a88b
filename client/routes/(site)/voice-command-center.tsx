import { createFileRoute } from '@tanstack/react-router';
import { CheckCircle2Icon, MicIcon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { CtaBand } from '../../components/marketing/cta-band';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { PublicLayout } from '../../components/public-layout';
import { buttonClasses } from '../../components/ui/button';
import { VOICE_COMMANDS, VOICE_TEXTS } from '../../content/voice';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/voice-command-center')({
  staticData: {
    title: 'Voice Command Center',
    description: 'Run your CRM with voice commands: show today’s leads, open a follow-up e-mail, schedule a call or tag a hot lead by speaking, and confirm before anything changes.',
  },
  component: VoiceCommandCenter,
});

const hasSpeechRecognition = () => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;
/** A browser's speech support does not change while the page is open: nothing to subscribe to. */
const unchanging = () => () => {};

function VoiceCommandCenter() {
  const { text } = useT(VOICE_TEXTS);
  const [chosen, setChosen] = useState<(typeof VOICE_COMMANDS)[number] | null>(null);
  // The prerendered page assumes support (there is no window to ask); the browser's answer follows.
  const supported = useSyncExternalStore(unchanging, hasSpeechRecognition, () => true);
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, icon: MicIcon, href: '/signup' },
          { label: text.openApp, variant: 'outline', href: '/voice-center' },
        ]}
      />
      <Section title={text.commandsTitle} intro={text.commandsIntro}>
        {supported ? null : (
          <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-gray-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-gray-100">
            {text.unsupported}
          </p>
        )}
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <ul className="grid gap-3 sm:grid-cols-2">
            {VOICE_COMMANDS.map((c) => (
              <li key={c.action}>
                <button
                  type="button"
                  aria-pressed={chosen?.action === c.action}
                  onClick={() => setChosen(c)}
                  className={buttonClasses({ variant: chosen?.action === c.action ? 'default' : 'outline', className: 'h-auto w-full flex-col items-start gap-1 py-3 text-start whitespace-normal' })}
                >
                  <span className="font-semibold" lang="en">
                    “{c.phrase}”
                  </span>
                  <span className="text-xs opacity-90">{text.commands[c.action].category}</span>
                </button>
              </li>
            ))}
          </ul>
          <div aria-live="polite" className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
            {chosen ? (
              <>
                <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
                  <CheckCircle2Icon className="size-5" aria-hidden />
                  {text.executed}
                </p>
                <p className="mt-2 text-gray-900 dark:text-white" lang="en">
                  “{chosen.phrase}”
                </p>
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{text.commands[chosen.action].description}</p>
                <p className="mt-3 font-mono text-xs text-gray-600 dark:text-gray-300">
                  action: {chosen.action} · {text.commands[chosen.action].category}
                </p>
              </>
            ) : (
              <p className="text-sm text-gray-700 dark:text-gray-300">{text.choose}</p>
            )}
          </div>
        </div>
      </Section>
      <Section title={text.howTitle} tone="muted">
        <FeatureGrid items={text.how} />
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.seeFeatures, to: '/features' },
        ]}
      />
    </PublicLayout>
  );
}
