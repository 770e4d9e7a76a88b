import { createFileRoute } from '@tanstack/react-router';
import { CheckCircle2Icon, CircleIcon, Loader2Icon, PlayIcon, RotateCcwIcon, StarIcon } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { DEMO_STEPS, DEMO_TIMINGS, demoReducer, initialDemoState } from '../../lib/marketing/demo-run';
import { DEMO_TEXTS } from '../../content/demo';
import { useT } from '../../i18n';
import { formatPercent } from '../../i18n/format';

export const Route = createFileRoute('/(site)/demo-dashboard')({
  staticData: {
    title: 'Live Demo: Review Automation (being built)',
    description: 'Watch a simulated run of the automations being built: from a finished appointment to a new 5-star review in 15 seconds, step by step.',
  },
  component: DemoDashboard,
});

/** Spec public-site §2.17/§4: a 15-second simulated run of a review-request automation. */
function DemoDashboard() {
  const {
    language,
    text: { dashboard: text },
  } = useT(DEMO_TEXTS);
  const [state, dispatch] = useReducer(demoReducer, initialDemoState);
  const finished = !state.running && state.step === DEMO_STEPS.length - 1;

  useEffect(() => {
    if (!state.running) return;
    const step = setInterval(() => dispatch({ type: 'step' }), DEMO_TIMINGS.stepMs);
    const progress = setInterval(() => dispatch({ type: 'progress', random: Math.random() }), DEMO_TIMINGS.progressMs);
    const finish = setTimeout(() => dispatch({ type: 'finish' }), DEMO_TIMINGS.runMs);
    return () => {
      clearInterval(step);
      clearInterval(progress);
      clearTimeout(finish);
    };
  }, [state.running]);

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{text.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button size="lg" onClick={() => dispatch({ type: 'start' })} disabled={state.running}>
            {state.running ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : <PlayIcon className="size-4" aria-hidden />}
            {state.running ? text.running : text.start}
          </Button>
          <Button size="lg" variant="outline" onClick={() => dispatch({ type: 'reset' })}>
            <RotateCcwIcon className="size-4" aria-hidden />
            {text.reset}
          </Button>
        </div>

        <section aria-labelledby="demo-status" className="mt-10 grid gap-4 md:grid-cols-3">
          <h2 id="demo-status" className="sr-only">
            {text.statusHeading}
          </h2>
          <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
            <p className="text-sm text-gray-600 dark:text-gray-300" id="progress-label">
              {text.progress}
            </p>
            <p className="mt-1 text-3xl font-bold text-gray-900 dark:text-white" data-testid="demo-progress">
              {formatPercent(language, state.progress)}
            </p>
            <div
              role="progressbar"
              aria-labelledby="progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
            >
              <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${state.progress}%` }} />
            </div>
          </div>
          <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
            <p className="text-sm text-gray-600 dark:text-gray-300">{text.reviews}</p>
            <p className="mt-1 flex items-center gap-2 text-3xl font-bold text-gray-900 dark:text-white">
              <StarIcon className="size-6 fill-amber-400 text-amber-500" aria-hidden />
              <span data-testid="demo-reviews">{state.reviews}</span>
            </p>
            <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">{text.rating}</p>
          </div>
          <div className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
            <p className="text-sm text-gray-600 dark:text-gray-300">{text.status}</p>
            <p className="mt-1 text-lg font-semibold text-gray-900 dark:text-white" role="status" data-testid="demo-status">
              {state.running ? text.states.running : finished ? text.states.complete : text.states.ready}
            </p>
            <p className="mt-3 text-sm text-gray-700 dark:text-gray-300" data-testid="demo-step">
              {state.running || finished ? text.steps[state.step] : text.pressStart}
            </p>
          </div>
        </section>

        <section aria-labelledby="demo-steps" className="mt-8 rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
          <h2 id="demo-steps" className="font-semibold text-gray-900 dark:text-white">
            {text.stepsTitle}
          </h2>
          <ol className="mt-4 grid gap-3">
            {text.steps.map((message, i) => {
              const started = state.running || finished;
              const done = started && (i < state.step || (finished && i === state.step));
              const current = state.running && i === state.step;
              return (
                <li key={message} className={cn('flex items-center gap-3 text-sm', done || current ? 'text-gray-900 dark:text-white' : 'text-gray-600 dark:text-gray-400')}>
                  {done ? (
                    <CheckCircle2Icon className="size-5 text-green-700 dark:text-green-400" aria-hidden />
                  ) : current ? (
                    <Loader2Icon className="size-5 animate-spin text-indigo-600" aria-hidden />
                  ) : (
                    <CircleIcon className="size-5" aria-hidden />
                  )}
                  <span>
                    {message}
                    <span className="sr-only">{done ? ` ${text.done}` : current ? ` ${text.inProgress}` : ''}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
        <p className="mt-6 text-sm text-gray-600 dark:text-gray-300">
          {text.note}{' '}
          <a href="/signup" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {text.trial}
          </a>
        </p>
      </div>
    </PublicLayout>
  );
}
