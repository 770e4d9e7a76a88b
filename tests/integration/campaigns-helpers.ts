import { onTestFinished } from 'vitest';
import { registerCampaignJobs } from '../../server/campaigns/jobs';
import { DISPATCH_JOB, WINNER_JOB } from '../../server/campaigns/lifecycle';
import type { DatabaseHandle } from '../../server/db';
import { registerEmailJobs } from '../../server/email/jobs';
import { registerSmsJobs } from '../../server/sms/jobs';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

export { until } from './automations-helpers';

/**
 * An app with its job queue running and an owner. `chain: 'manual'` registers the campaign jobs as
 * no-ops, so the test runs the dispatch itself (crash, repeat, schedule), step by step.
 */
export async function campaignsApp(options: { chain?: 'queue' | 'manual'; database?: DatabaseHandle; env?: Record<string, string> } = {}) {
  const built = await buildTestApp({ ...(options.database ? { database: options.database } : {}), env: { JOBS_POLL_MS: '200', ...options.env } });
  const { deps } = built;
  if (options.chain === 'manual') {
    deps.jobs.register(DISPATCH_JOB, async () => {});
    deps.jobs.register(WINNER_JOB, async () => {});
  } else {
    registerCampaignJobs(deps);
  }
  registerEmailJobs(deps);
  registerSmsJobs(deps);
  await deps.jobs.start();
  onTestFinished(() => deps.jobs.stop());
  const owner = await createAccount(deps, 'campaigns');
  const api = built.caller(browser(owner.cookie));
  return { ...built, owner, api };
}

type ContactValues = {
  first_name?: string;
  email?: string | null;
  phone?: string | null;
  tags?: string[];
  dnc_email?: boolean;
  dnc_sms?: boolean;
  lifecycle_stage?: 'subscriber' | 'lead' | 'mql' | 'sql' | 'customer' | 'other';
  custom_fields?: Record<string, string | number | null>;
  created_at?: Date;
};

export async function addContact(deps: { database: DatabaseHandle }, organizationId: string, values: ContactValues = {}) {
  const row = await deps.database.db
    .insertInto('contacts')
    .values({
      organization_id: organizationId,
      first_name: values.first_name ?? 'Ada',
      last_name: 'Lovelace',
      email: values.email ?? null,
      phone: values.phone ?? null,
      tags: values.tags ?? [],
      dnc_email: values.dnc_email ?? false,
      dnc_sms: values.dnc_sms ?? false,
      lifecycle_stage: values.lifecycle_stage ?? 'lead',
      custom_fields: JSON.stringify(values.custom_fields ?? {}),
      ...(values.created_at ? { created_at: values.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const HTML = { kind: 'html' as const, html: '<p>Hi {{firstName|friend}}, see <a href="https://example.com/offer?a=1&amp;b=2">the offer</a>.</p>' };
