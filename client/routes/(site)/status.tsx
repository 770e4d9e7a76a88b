import { createFileRoute } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { STATUS_TEXTS } from '../../content/status';
import { useT } from '../../i18n';
import { formatTime } from '../../i18n/format';
import type { HealthStatus } from '../../../server/health/service';

export const Route = createFileRoute('/(site)/status')({
  staticData: { title: 'System Status', description: 'The live state of the Switchboard service: whether it is up, its database and the version running.' },
  component: StatusPage,
});

/** How often the page asks the server again. */
export const STATUS_REFRESH_MS = 15_000;

type Check = { at: Date; status: HealthStatus | null };

/** GET /api/health: 200 when up, 503 with the reason when the database is unreachable, or no answer. */
async function checkNow(): Promise<Check> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    return { at: new Date(), status: (await response.json()) as HealthStatus };
  } catch {
    return { at: new Date(), status: null };
  }
}

function StatusPage() {
  const { text, language } = useT(STATUS_TEXTS);
  const [check, setCheck] = useState<Check | null>(null);

  useEffect(() => {
    let active = true;
    const run = () => void checkNow().then((next) => active && setCheck(next));
    run();
    const timer = setInterval(run, STATUS_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  const up = check?.status?.ok === true;
  const state = !check ? text.checking : up ? text.operational : text.disruption;
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <p className="mt-3 text-gray-600 dark:text-gray-300">{text.lead(STATUS_REFRESH_MS / 1000)}</p>
        <div
          role="status"
          aria-live="polite"
          className={clsx(
            'mt-8 flex items-center gap-3 rounded-2xl border p-6',
            !check
              ? 'border-gray-200 dark:border-gray-800'
              : up
                ? 'border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950'
                : 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950',
          )}
        >
          <span aria-hidden className={clsx('size-3 rounded-full', !check ? 'bg-gray-400' : up ? 'bg-green-600' : 'bg-red-600')} />
          <p className="text-xl font-semibold text-gray-900 dark:text-white">{state}</p>
        </div>
        {check ? (
          <dl className="mt-6 grid gap-4 rounded-2xl border border-gray-200 p-6 text-sm sm:grid-cols-2 dark:border-gray-800">
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{text.application}</dt>
              <dd className="font-medium text-gray-900 dark:text-white">{check.status ? (up ? text.up : text.degraded) : text.unreachable}</dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{text.database}</dt>
              <dd className="font-medium text-gray-900 dark:text-white">{check.status ? text.databaseState(check.status.database === 'postgres' ? 'PostgreSQL' : text.embedded, up) : text.unknown}</dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{text.version}</dt>
              <dd className="font-medium text-gray-900 dark:text-white">{check.status?.version ?? text.unknown}</dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{text.lastChecked}</dt>
              <dd className="font-medium text-gray-900 dark:text-white">
                <time dateTime={check.at.toISOString()}>{formatTime(language, check.at)}</time>
              </dd>
            </div>
            {!up ? (
              <div className="sm:col-span-2">
                <dt className="text-gray-600 dark:text-gray-300">{text.reason}</dt>
                {/* The server's own reason is a technical message, shown as it comes. */}
                <dd className="font-medium text-gray-900 dark:text-white">{check.status && !check.status.ok ? check.status.reason : text.noAnswer}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>
    </PublicLayout>
  );
}
