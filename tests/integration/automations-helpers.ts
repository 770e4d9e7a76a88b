import { setTimeout as delay } from 'node:timers/promises';
import { onTestFinished } from 'vitest';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { registerEmailJobs } from '../../server/email/jobs';
import { registerSmsJobs } from '../../server/sms/jobs';
import type { DatabaseHandle } from '../../server/db';
import type { TWorkflowDefinition } from '../../server/automations/schema';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

/** An app with its jobs and event consumers running, and an owner. */
export async function engine(options: { database?: DatabaseHandle; start?: boolean } = {}) {
  const built = await buildTestApp({ ...(options.database ? { database: options.database } : {}), env: { JOBS_POLL_MS: '200' } });
  const { deps } = built;
  // The queues a run reaches: its own, and the channels it sends through (fewer pollers on PGlite's one connection).
  registerAutomationJobs(deps);
  registerSmsJobs(deps);
  registerEmailJobs(deps);
  if (options.start !== false) {
    await deps.jobs.start();
    await deps.consumers.start();
    onTestFinished(async () => {
      await deps.consumers.stop();
      await deps.jobs.stop();
    });
  }
  const owner = await createAccount(deps, 'automations');
  const api = built.caller(browser(owner.cookie));
  return { ...built, owner, api };
}

export async function addContact(deps: { database: DatabaseHandle }, organizationId: string, values: { first_name?: string; phone?: string | null; email?: string | null; tags?: string[] } = {}) {
  const row = await deps.database.db
    .insertInto('contacts')
    .values({ organization_id: organizationId, first_name: values.first_name ?? 'Ada', last_name: 'Lovelace', phone: values.phone ?? null, email: values.email ?? null, tags: values.tags ?? [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Polls until `read` answers something `done` accepts (no sleeping as synchronisation). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await delay(50);
  }
}

export function linear(triggers: TWorkflowDefinition['triggers'], steps: { id: string; type: string; config: Record<string, unknown> }[]) {
  return {
    version: 1 as const,
    triggers,
    steps,
    edges: steps.map((s, i) => ({ from: i === 0 ? 'start' : steps[i - 1]!.id, to: s.id })),
  };
}
