import { z } from 'zod';

// What the public payment doors answer (billing/schema.ts stays free of zod for the public pages).

export const ZBillingConfig = z.union([z.strictObject({ configured: z.literal(true), publishableKey: z.string() }), z.strictObject({ configured: z.literal(false), message: z.string() })]);
export const ZPaymentIntentAnswer = z.strictObject({ clientSecret: z.string() });
export const ZSubscriptionAnswer = z.strictObject({
  clientSecret: z.string(),
  subscriptionId: z.string(),
  provisioningToken: z.string().optional().meta({ description: 'When no one is signed in: the token the page polls /api/billing/provisioning with' }),
});
export const ZProvisioningAnswer = z.union([
  z.strictObject({ status: z.literal('pending'), email: z.string() }),
  z.strictObject({ status: z.literal('ready'), email: z.string(), organizationName: z.string().nullable(), setPasswordUrl: z.string().nullable() }),
]);
export const ZStripeWebhookAnswer = z.strictObject({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.string().optional() });
