import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import type { WebhookEndpointsTable } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError, fieldError, unknownRecord } from '../errors';
import { actorOf } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import { wakeDrains } from './deliver';
import {
  WEBHOOK_API_VERSION,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT_TYPE,
  type TWebhookEndpoint,
  type ZCreateWebhookEndpointInput,
  type ZEndpointIdInput,
  type ZRotateSecretInput,
  type ZUpdateWebhookEndpointInput,
} from './schema';
import { sealEndpointSecret } from './secrets';
import { newSigningSecret } from './sender';
import { RefusedTarget, resolveTarget } from './ssrf';

type Endpoint = Selectable<WebhookEndpointsTable>;

const toRecord = (row: Endpoint): TWebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  secretHint: `whsec_…${row.secret_hint}`,
  previousSecretExpiresAt: row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > new Date() ? row.previous_secret_expires_at.toISOString() : null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** https only (http while the server runs in development), and no private target after DNS resolution. */
async function checkUrl(ctx: OrgContext, url: string): Promise<void> {
  if (new URL(url).protocol !== 'https:' && ctx.deps.config.nodeEnv !== 'development') throw fieldError('url', 'must be an https:// URL');
  try {
    await resolveTarget(url, ctx.deps.config.webhooksAllowPrivateNetworks);
  } catch (error) {
    if (error instanceof RefusedTarget) throw fieldError('url', `is refused: ${error.message}`);
    throw error;
  }
}

export async function requireEndpoint(db: Db, organizationId: string, id: string): Promise<Endpoint> {
  const row = await scoped(db, organizationId).selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw unknownRecord('id', 'no such webhook endpoint');
  return row;
}

const audit = (trx: Db, ctx: OrgContext, action: string, id: string, details: Record<string, unknown>) =>
  recordAudit(trx, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action, target: { type: 'webhook_endpoint', id }, details, meta: ctx.meta });

export async function listEndpoints(ctx: OrgContext) {
  const rows = await scoped(ctx.db, ctx.organizationId).selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
  return { items: rows.map(toRecord) };
}

export async function getEndpoint(ctx: OrgContext, input: z.output<typeof ZEndpointIdInput>) {
  return toRecord(await requireEndpoint(ctx.db, ctx.organizationId, input.id));
}

/** Creates an endpoint; its signing secret is answered this once. */
export async function createEndpoint(ctx: OrgContext, input: z.output<typeof ZCreateWebhookEndpointInput>) {
  await checkUrl(ctx, input.url);
  const secret = newSigningSecret();
  // The id is made here: the sealed secret is bound to it.
  const id = randomUUID();
  const sealed = sealEndpointSecret(ctx.deps.config, id, secret);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const count = await scoped(trx, ctx.organizationId)
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= WEBHOOK_ENDPOINTS_MAX) throw new DomainError('CONFLICT', `An organization has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`);
    const created = await scoped(trx, ctx.organizationId)
      .insertInto('webhook_endpoints', {
        id,
        url: input.url,
        description: input.description,
        event_types: JSON.stringify(input.eventTypes),
        enabled: input.enabled,
        secret: sealed,
        secret_hint: secret.slice(-4),
        created_by: ctx.auth.user?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, 'webhook_endpoint.created', created.id, { url: input.url, eventTypes: input.eventTypes });
    return created;
  });
  return { ...toRecord(row), secret };
}

export async function updateEndpoint(ctx: OrgContext, input: z.output<typeof ZUpdateWebhookEndpointInput>) {
  const { id, ...changes } = input;
  if (changes.url !== undefined) await checkUrl(ctx, changes.url);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await requireEndpoint(trx, ctx.organizationId, id);
    const updated = await scoped(trx, ctx.organizationId)
      .updateTable('webhook_endpoints')
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.eventTypes !== undefined ? { event_types: JSON.stringify(changes.eventTypes) } : {}),
        // Enabling again (or disabling by hand) clears the system's reason.
        ...(changes.enabled !== undefined ? { enabled: changes.enabled, disabled_reason: null } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, 'webhook_endpoint.updated', id, { fields: Object.keys(changes) });
    return updated;
  });
  return toRecord(row);
}

export async function removeEndpoint(ctx: OrgContext, input: z.output<typeof ZEndpointIdInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await requireEndpoint(trx, ctx.organizationId, input.id);
    await scoped(trx, ctx.organizationId).deleteFrom('webhook_endpoints').where('id', '=', input.id).execute();
    await audit(trx, ctx, 'webhook_endpoint.deleted', input.id, { url: endpoint.url });
  });
  return { id: input.id };
}

/** A new signing secret, answered once; the old one keeps signing beside it for `overlapHours`. */
export async function rotateSecret(ctx: OrgContext, input: z.output<typeof ZRotateSecretInput>) {
  const secret = newSigningSecret();
  const sealed = sealEndpointSecret(ctx.deps.config, input.id, secret);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await requireEndpoint(trx, ctx.organizationId, input.id);
    const updated = await scoped(trx, ctx.organizationId)
      .updateTable('webhook_endpoints')
      .set({
        secret: sealed,
        secret_hint: secret.slice(-4),
        previous_secret: input.overlapHours > 0 ? endpoint.secret : null,
        previous_secret_expires_at: input.overlapHours > 0 ? sql<Date>`now() + make_interval(hours => ${input.overlapHours})` : null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, 'webhook_endpoint.secret_rotated', input.id, { overlapHours: input.overlapHours });
    return updated;
  });
  return { ...toRecord(row), secret };
}

/** "Send test event": a webhook.test delivery, signed and logged like any other. */
export async function sendTestEvent(ctx: OrgContext, input: z.output<typeof ZEndpointIdInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const endpoint = await requireEndpoint(trx, ctx.organizationId, input.id);
    const id = `evt_test_${randomUUID()}`;
    const body = {
      id,
      type: WEBHOOK_TEST_EVENT_TYPE,
      apiVersion: WEBHOOK_API_VERSION,
      createdAt: new Date().toISOString(),
      data: { endpointId: endpoint.id, message: 'A test event from Switchboard' },
    };
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('webhook_deliveries', { endpoint_id: endpoint.id, event_id: null, message_id: id, event_type: WEBHOOK_TEST_EVENT_TYPE, payload: JSON.stringify(body), record_key: `test:${id}` })
      .returning(['id', 'state'])
      .executeTakeFirstOrThrow();
    await wakeDrains(ctx.deps, trx, ctx.organizationId, [endpoint.id]);
    return { deliveryId: row.id, state: row.state };
  });
}
