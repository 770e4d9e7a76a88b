import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Probe, RestProbe } from './types';

/** An endpoint of organization A, written directly (these tests resolve no DNS and run no job queue). */
async function anEndpoint(deps: AppDeps, a: Account) {
  const row = await deps.database.db
    .insertInto('webhook_endpoints')
    .values({ organization_id: a.organizationId, url: 'https://hooks.example.com/in', event_types: JSON.stringify(['contact.created']), secret: 'whsec_cHJvYmUgc2VjcmV0IG9mIDMyIGJ5dGVzIGxvbmcuLi4=' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function aDelivery(deps: AppDeps, a: Account) {
  const endpointId = await anEndpoint(deps, a);
  const row = await deps.database.db
    .insertInto('webhook_deliveries')
    .values({
      organization_id: a.organizationId,
      endpoint_id: endpointId,
      event_id: null,
      message_id: 'evt_test_probe',
      event_type: 'webhook.test',
      payload: JSON.stringify({ id: 'evt_test_probe', type: 'webhook.test', apiVersion: '2026-11-28', createdAt: new Date().toISOString(), data: {} }),
      record_key: 'test:probe',
      state: 'delivered',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const probes: Record<string, Probe> = {
  'webhooks.get': async (deps, a) => ({ id: await anEndpoint(deps, a) }),
  'webhooks.update': async (deps, a) => ({ id: await anEndpoint(deps, a), enabled: false }),
  'webhooks.remove': async (deps, a) => ({ id: await anEndpoint(deps, a) }),
  'webhooks.rotateSecret': async (deps, a) => ({ id: await anEndpoint(deps, a) }),
  'webhooks.sendTest': async (deps, a) => ({ id: await anEndpoint(deps, a) }),
  'webhooks.deliveries': async (deps, a) => ({ endpointId: await anEndpoint(deps, a) }),
  'webhooks.redeliver': async (deps, a) => ({ deliveryId: await aDelivery(deps, a) }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/v1/webhook-endpoints/:id': (deps, a) => anEndpoint(deps, a),
  'PATCH /api/v1/webhook-endpoints/:id': (deps, a) => anEndpoint(deps, a),
  'DELETE /api/v1/webhook-endpoints/:id': (deps, a) => anEndpoint(deps, a),
  'POST /api/v1/webhook-endpoints/:id/rotate-secret': (deps, a) => anEndpoint(deps, a),
  'POST /api/v1/webhook-endpoints/:id/test': (deps, a) => anEndpoint(deps, a),
  'GET /api/v1/webhook-endpoints/:id/deliveries': (deps, a) => anEndpoint(deps, a),
  'POST /api/v1/webhook-deliveries/:id/redeliver': (deps, a) => aDelivery(deps, a),
};
