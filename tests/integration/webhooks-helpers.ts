import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { onTestFinished } from 'vitest';
import { createEventConsumers } from '../../server/events/consumers';
import { drainEndpoint } from '../../server/webhooks/deliver';
import { registerWebhookJobs } from '../../server/webhooks/jobs';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

export type Received = { headers: IncomingHttpHeaders; body: string };
export type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A local receiver on 127.0.0.1: records each request (in arrival order) and answers from `answers`
 * in that order (then 200), or what `answers` makes of the request — when it likes.
 */
export async function receiver(answers: Answer[] | ((request: Received) => Answer | Promise<Answer>) = []) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const ok: Answer = { status: 200, body: 'ok' };
      void Promise.resolve(typeof answers === 'function' ? answers(request) : (answers.shift() ?? ok)).then((answer) => res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? ''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, answers };
}

/**
 * An app whose webhooks consumer runs, private targets allowed and http accepted (development).
 * `workers: false` runs no job handler: the test makes each attempt itself with `attempt()`, so
 * nothing depends on when a retry's job would come due.
 */
export async function webhookApp(options: { workers?: boolean } = {}) {
  const workers = options.workers ?? true;
  const built = await buildTestApp({ env: { NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', JOBS_POLL_MS: '100', JOBS_ENABLED: String(workers) } });
  const { deps } = built;
  if (!workers) deps.consumers = createEventConsumers({ database: deps.database, logger: deps.logger, pollIntervalMs: 50 });
  registerWebhookJobs(deps);
  await deps.jobs.start();
  await deps.consumers.start();
  onTestFinished(async () => {
    await deps.consumers.stop();
    await deps.jobs.stop();
  });
  const owner = await createAccount(deps, 'webhooks');
  const api = built.caller(browser(owner.cookie));
  const db = deps.database.db;
  const deliveries = (endpointId: string) => db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('sequence').execute();
  /** A drain of the delivery's endpoint now, its retry made due first: one attempt at it when it is first in its record's chain. */
  const attempt = async (deliveryId: string) => {
    const { endpoint_id: endpointId } = await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`case when state = 'retrying' then now() else next_attempt_at end` })
      .where('id', '=', deliveryId)
      .returning('endpoint_id')
      .executeTakeFirstOrThrow();
    await drainEndpoint(deps, { organizationId: owner.organizationId, endpointId });
  };
  return { ...built, owner, api, db, deliveries, attempt };
}

/** Polls until `read` answers something `done` accepts (no sleeping as synchronisation). */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await delay(25);
  }
}
