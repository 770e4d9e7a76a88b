import { setTimeout as delay } from 'node:timers/promises';
import { onTestFinished } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import type { SmsStatus } from '../../server/db/schema';
import { registerSmsJobs, type SmsJobOptions } from '../../server/sms/jobs';
import { startTwilioDouble, twilioEnv, type TwilioDouble } from '../doubles/twilio';
import { checkedTestApp } from '../helpers/openapi';
import { browser, createAccount } from '../helpers/factories';

let sequence = 0;
/** A valid US number no other SMS test uses. */
export const uniqueNumber = () => `+1415555${String(3000 + (sequence++ % 6000)).padStart(4, '0')}`;

/**
 * The app on the test database with its SMS provider pointed at a fresh Twilio double (or the
 * sandbox), the SMS jobs registered with short retry delays, and the queue started.
 */
export async function smsWorld(options: { sandbox?: boolean; env?: Record<string, string>; jobs?: SmsJobOptions; database?: DatabaseHandle } = {}) {
  const double = await startTwilioDouble();
  onTestFinished(() => double.close());
  const env = { JOBS_POLL_MS: '50', ...(options.sandbox ? {} : twilioEnv(double)), ...options.env };
  const { app, deps, caller } = await checkedTestApp({ env, ...(options.database ? { database: options.database } : {}) });
  registerSmsJobs(deps, { retryDelay: 1, ...options.jobs });
  await deps.jobs.start();
  onTestFinished(() => deps.jobs.stop({ timeoutMs: 3000 }));
  const owner = await createAccount(deps, 'sms');
  const api = caller(browser(owner.cookie));
  const rest = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    app.request(`/api/sms${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...browser(init.cookie ?? owner.cookie), 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  return { app, deps, caller, owner, api, rest, double };
}
export type SmsWorld = Awaited<ReturnType<typeof smsWorld>>;

export async function messageRow(world: Pick<SmsWorld, 'deps'>, id: string) {
  return world.deps.database.db.selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Polls until the condition holds; the test's own timeout bounds it. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await delay(50);
  }
}

export function untilStatus(world: Pick<SmsWorld, 'deps'>, id: string, ...statuses: SmsStatus[]) {
  return eventually(
    () => messageRow(world, id),
    (row) => statuses.includes(row.status),
  );
}

export type { TwilioDouble };
