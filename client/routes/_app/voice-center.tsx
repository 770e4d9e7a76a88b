import { createFileRoute, Link } from '@tanstack/react-router';
import { InfoIcon, MicIcon, MicOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CommandConfirm, CommandExecuted } from '../../components/commands/command-confirm';
import type { CommandSource } from '../../components/commands/plan';
import { useCommandRunner } from '../../components/commands/use-command-runner';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label, Switch } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatRelative } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { answerOf, PROCESSING_MS, recognitionErrorMessage, recognizerClass, resultsOf, SPEC_COMMANDS, UNSUPPORTED_NOTICE, type Recognizer } from './-components/voice/recognition';

export const Route = createFileRoute('/_app/voice-center')({
  staticData: { title: 'Voice Command Center' },
  loader: ({ context }) => context.trpc.commands.history.ensureData(),
  component: VoiceCenterPage,
});

type Heard = { transcript: string; confidence: number | null; interim: boolean };

/**
 * The Voice Command Center (spec §2.7, §4.5; issue #21): the browser's speech recognition where it
 * exists, every phrase read by the same grammar as the palette, shown before it runs and confirmed
 * (spoken "yes" or a click) when it stores, sends or signs out; typed input everywhere.
 */
function VoiceCenterPage() {
  const runner = useCommandRunner();
  const history = trpc.commands.history.useQuery();
  const voiceToggled = trpc.commands.voiceToggled.useMutation();
  const [supported] = useState(() => recognizerClass() !== null);
  const [enabled, setEnabled] = useState(true);
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState<Heard | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const recognizer = useRef<Recognizer | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The recognizer's handlers outlive renders: they read the runner through this ref.
  const latest = useRef(runner);
  useEffect(() => {
    latest.current = runner;
  });

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      recognizer.current?.stop();
    },
    [],
  );

  function handle(utterance: string, source: CommandSource, speechConfidence?: number) {
    setUnmatched(null);
    const pending = latest.current.plan;
    if (pending && source === 'voice') {
      const answer = answerOf(utterance);
      if (answer === 'yes' && !pending.blocked && !pending.needsMessage) return void latest.current.confirm();
      if (answer === 'no') return latest.current.cancel();
    }
    performance.mark('voice-final-transcript');
    const parsed = latest.current.parse(utterance, speechConfidence);
    performance.measure('voice-transcript-to-intent', 'voice-final-transcript');
    if (!parsed) {
      // Spec §4.5: a phrase with no match simply ends processing.
      setUnmatched(utterance);
      return;
    }
    setProcessing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        setProcessing(false);
        void latest.current.propose(utterance, parsed, source);
      },
      source === 'voice' ? PROCESSING_MS.spoken : PROCESSING_MS.clicked,
    );
  }

  function startListening() {
    const Recognition = recognizerClass();
    if (!Recognition) return;
    const next = new Recognition();
    next.continuous = true;
    next.interimResults = true;
    next.lang = document.documentElement.lang || navigator.language || 'en-US';
    next.onresult = (event) => {
      for (const result of resultsOf(event)) {
        setHeard({ transcript: result.transcript, confidence: result.isFinal ? result.confidence : null, interim: !result.isFinal });
        if (result.isFinal && result.transcript) handle(result.transcript, 'voice', result.confidence);
      }
    };
    next.onerror = (event) => {
      setError(recognitionErrorMessage(event.error));
      setListening(false);
    };
    next.onend = () => setListening(false);
    recognizer.current = next;
    // Spec §4.5: starting clears the transcript.
    setHeard(null);
    setError(null);
    next.start();
    setListening(true);
  }

  function toggleListening() {
    const on = !listening;
    if (on) startListening();
    else {
      recognizer.current?.stop();
      setListening(false);
    }
    voiceToggled.mutate({ listening: on });
  }

  return (
    <Page title="Voice Command Center" description="Say or type a command: it is shown before it runs, and anything that changes or sends asks you first.">
      <p className="flex items-start gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300">
        <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        Speech is recognized by your browser, which may send the audio to its vendor’s speech service (Google for Chrome, Apple for Safari, Microsoft for Edge). Switchboard receives only the text.
      </p>
      {!supported ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          {UNSUPPORTED_NOTICE}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-4">
            <CardTitle as="h2">Voice</CardTitle>
            <Label className="flex items-center gap-2">
              <Switch
                checked={enabled}
                disabled={!supported}
                onCheckedChange={(on) => {
                  setEnabled(on);
                  if (!on && listening) toggleListening();
                }}
              />
              Voice commands {enabled ? 'on' : 'off'}
            </Label>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Button size="lg" className="h-16 text-base" disabled={!supported || !enabled} aria-pressed={listening} onClick={toggleListening}>
              {listening ? <MicOffIcon className="size-6" aria-hidden /> : <MicIcon className="size-6" aria-hidden />}
              {listening ? 'Stop listening' : 'Listen'}
            </Button>
            {error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <section aria-label="Transcript" className="flex flex-col gap-2">
              <p className="min-h-6 text-lg" data-testid="transcript">
                {heard ? <span className={heard.interim ? 'text-gray-500' : ''}>{heard.transcript}</span> : <span className="text-gray-500">{listening ? 'Listening…' : 'Nothing heard yet.'}</span>}
              </p>
              {heard?.confidence !== null && heard?.confidence !== undefined ? (
                <div className="flex items-center gap-2 text-sm">
                  <span id="confidence-label">Confidence</span>
                  <progress aria-labelledby="confidence-label" className="h-2 flex-1 accent-indigo-600" max={100} value={Math.round(heard.confidence * 100)} />
                  <span>{Math.round(heard.confidence * 100)}%</span>
                </div>
              ) : null}
            </section>
            <form
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (!typed.trim()) return;
                handle(typed.trim(), 'typed');
                setTyped('');
              }}
            >
              <Label className="flex flex-1 flex-col gap-1">
                Type a command
                <Input value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="e.g. schedule a call with Ana Lopez tomorrow at 3 pm" />
              </Label>
              <Button type="submit" variant="outline">
                Run
              </Button>
            </form>
            {processing || runner.busy ? (
              <p role="status" className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
                <Spinner className="size-4" /> Processing…
              </p>
            ) : null}
            {unmatched ? (
              <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
                No command matches “{unmatched}”. Try one of the commands listed here.
              </p>
            ) : null}
            {runner.plan ? <CommandConfirm plan={runner.plan} busy={runner.busy} onCancel={runner.cancel} onConfirm={(message) => void runner.confirm(message)} /> : null}
            {runner.done ? <CommandExecuted record={runner.done} /> : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Commands</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2">
              {SPEC_COMMANDS.map((command) => (
                <li key={command.action}>
                  <button
                    type="button"
                    className="w-full rounded-md border border-gray-200 p-2 text-left hover:bg-gray-50 dark:border-gray-800 dark:hover:bg-gray-800"
                    onClick={() => handle(command.phrase, 'clicked')}
                  >
                    <span className="flex items-center justify-between gap-2 text-sm font-medium">
                      {command.phrase}
                      <span className="text-xs font-normal text-gray-600 dark:text-gray-400">{command.category}</span>
                    </span>
                    <span className="block text-xs text-gray-600 dark:text-gray-400">{command.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">History</CardTitle>
        </CardHeader>
        <CardContent>
          {history.data && history.data.items.length > 0 ? (
            <ol aria-label="Command history" className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800">
              {history.data.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                  <span className="font-medium">“{item.utterance}”</span>
                  <span className="text-gray-700 dark:text-gray-300">{item.link ? <Link to={item.link}>{item.summary}</Link> : item.summary}</span>
                  <span className="text-xs text-gray-600 dark:text-gray-400">
                    {item.source} · {formatRelative(item.createdAt)}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">The commands you run appear here, the latest 10.</p>
          )}
        </CardContent>
      </Card>
      {runner.composer}
    </Page>
  );
}
