import type { Probe } from './types';

/**
 * Billing's procedures take no record id: each acts on the caller's own organization, which comes
 * from the session. The organization's Stripe customer and subscription are never named by input,
 * so there is nothing of organization A for B to name. The provisioning link is a capability token
 * in the query string (GET /api/billing/provisioning?token=…), proven in tests/integration/billing.test.ts.
 */
export const probes: Record<string, Probe> = {};
